import YAML from "yaml";
import { describe, expect, it } from "vitest";
import { dockerRunToCompose } from "./docker-run-to-compose.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

const toService = async (command: string) => {
  const { yaml, warnings } = await outputOf(dockerRunToCompose, { command });
  const services = (YAML.parse(yaml) as { services: Record<string, Record<string, unknown>> }).services;
  return { yaml, warnings, services };
};

describe("docker-run-to-compose", () => {
  it.each([
    "docker run nginx && rm -rf /",
    "docker run nginx || true",
    "docker run nginx | tee log",
    "docker run nginx; reboot",
    "docker run nginx > /etc/passwd",
    "docker run nginx < input",
    "docker run $(whoami)/image",
    "docker run `id`",
    "docker run nginx &",
  ])("refuses shell operators: %s", async (command) => {
    expect((await errorOf(dockerRunToCompose, { command })).code).toBe("invalid_input");
  });

  it("refuses other commands and a missing image or value", async () => {
    for (const command of ["docker ps", "podman run nginx", "docker run", "docker run -d", "docker run --name"]) {
      expect((await errorOf(dockerRunToCompose, { command })).code).toBe("invalid_input");
    }
  });

  it("passes words after the image to the command untouched", async () => {
    const { services } = await toService("docker run alpine ls -p /tmp");
    expect(services.alpine?.command).toEqual(["ls", "-p", "/tmp"]);
  });

  it("writes ports double-quoted so YAML 1.1 does not read 22:22 as base 60", async () => {
    const { yaml, services } = await toService("docker run -p22:22 -p 127.0.0.1:8080:80/tcp --expose 9000 alpine");
    expect(yaml).toContain('- "22:22"');
    expect(services.alpine?.ports).toEqual(["22:22", "127.0.0.1:8080:80/tcp"]);
    expect(services.alpine?.expose).toEqual(["9000"]);
  });

  it("keeps variables for compose to interpolate instead of expanding them", async () => {
    const { services } = await toService('docker run -e "HOME_DIR=$HOME" -e X=${FOO} -v "$PWD:/app" alpine');
    expect(services.alpine?.environment).toEqual(["HOME_DIR=${HOME}", "X=${FOO}"]);
    expect(services.alpine?.volumes).toEqual(["${PWD}:/app"]);
  });

  it("translates networking, limits, logging and health checks", async () => {
    const command =
      "docker container run --network=host --memory 512m --cpus 1.5 --log-driver json-file --log-opt max-size=10m " +
      "--ulimit nofile=1024:2048 --health-cmd 'curl -f http://localhost/' --health-retries 3 --name My_App app:1";
    const { services } = await toService(command);
    expect(services.my_app).toMatchObject({
      image: "app:1",
      container_name: "My_App",
      network_mode: "host",
      mem_limit: "512m",
      cpus: "1.5",
      logging: { driver: "json-file", options: { "max-size": "10m" } },
      ulimits: { nofile: { soft: 1024, hard: 2048 } },
      healthcheck: { test: ["CMD-SHELL", "curl -f http://localhost/"], retries: 3 },
    });
  });

  it("warns about flags it cannot translate", async () => {
    const { warnings, services } = await toService("docker run --gpus all --frobnicate -P registry.example.com:5000/team/api@sha256:abc");
    expect(warnings).toEqual([
      "--gpus all has no docker compose equivalent here",
      "--frobnicate is not a known docker run flag and was ignored",
      "-P has no docker compose equivalent here",
    ]);
    expect(Object.keys(services)).toEqual(["api"]);
  });

  it("joins backslash-continued lines and ignores a trailing comment", async () => {
    const { services } = await toService("docker run \\\n  -d \\\n  --name db \\\n  postgres:16 # the database");
    expect(services.db).toEqual({ image: "postgres:16", container_name: "db" });
  });
});
