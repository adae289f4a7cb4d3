/** A compose service under construction; keys are compose `services.<name>` fields. */
export type Service = Record<string, unknown>;

/** How one `docker run` flag lands in the service; returns a warning when it cannot be translated. */
export type ApplyFlag = (service: Service, value: string) => string | undefined;

export interface FlagSpec {
  readonly takesValue: boolean;
  readonly apply: ApplyFlag;
}

/** Text to write double-quoted; docker-run-to-compose turns it into a yaml Scalar (yaml loads on first use). */
export class QuotedText {
  constructor(readonly text: string) {}
}

/** Written double-quoted: YAML 1.1 reads an unquoted 22:22 as the base-60 integer 1342. */
export function quoted(value: string): QuotedText {
  return new QuotedText(value);
}

const list = (key: string, toNode: (value: string) => unknown = (value) => value): FlagSpec => ({
  takesValue: true,
  apply: (service, value) => {
    service[key] = [...((service[key] as unknown[] | undefined) ?? []), toNode(value)];
    return undefined;
  },
});
const scalar = (key: string, toNode: (value: string) => unknown = (value) => value): FlagSpec => ({
  takesValue: true,
  apply: (service, value) => {
    service[key] = toNode(value);
    return undefined;
  },
});
const switchOn = (key: string): FlagSpec => ({
  takesValue: false,
  apply: (service, value) => {
    if (value !== "false") service[key] = true;
    return undefined;
  },
});
const untranslated = (takesValue: boolean, why = "has no docker compose equivalent here"): FlagSpec => ({
  takesValue,
  apply: () => why,
});
const nested = (parent: string, key: string, toNode: (value: string) => unknown = (value) => value): FlagSpec => ({
  takesValue: true,
  apply: (service, value) => {
    service[parent] = { ...((service[parent] as object | undefined) ?? {}), [key]: toNode(value) };
    return undefined;
  },
});

const NETWORK_MODES = /^(host|none|bridge|default|container:.+|service:.+)$/;
const network: FlagSpec = {
  takesValue: true,
  apply: (service, value) => {
    if (NETWORK_MODES.test(value)) service.network_mode = value;
    else service.networks = [...((service.networks as string[] | undefined) ?? []), value];
    return undefined;
  },
};

const logOption: FlagSpec = {
  takesValue: true,
  apply: (service, value) => {
    const [key = "", ...rest] = value.split("=");
    const logging = (service.logging as Record<string, unknown> | undefined) ?? {};
    service.logging = { ...logging, options: { ...((logging.options as object | undefined) ?? {}), [key]: rest.join("=") } };
    return undefined;
  },
};

const ulimit: FlagSpec = {
  takesValue: true,
  apply: (service, value) => {
    const match = /^([a-z]+)=(-?\d+)(?::(-?\d+))?$/.exec(value);
    if (!match) return `--ulimit ${value} is not in name=soft[:hard] form`;
    const [, name = "", soft, hard] = match;
    const limit = hard === undefined ? Number(soft) : { soft: Number(soft), hard: Number(hard) };
    service.ulimits = { ...((service.ulimits as object | undefined) ?? {}), [name]: limit };
    return undefined;
  },
};

const seconds = (value: string) => (/^\d+$/.test(value) ? `${value}s` : value);

/** `docker run` flags by every spelling; anything else is reported as a warning. */
export const FLAGS: ReadonlyMap<string, FlagSpec> = new Map<string, FlagSpec>([
  ...aliases(["--name"], scalar("container_name")),
  ...aliases(["-p", "--publish"], list("ports", quoted)),
  ...aliases(["--expose"], list("expose", quoted)),
  ...aliases(["-v", "--volume"], list("volumes")),
  ...aliases(["-e", "--env"], list("environment")),
  ...aliases(["--env-file"], list("env_file")),
  ...aliases(["-l", "--label"], list("labels")),
  ...aliases(["-w", "--workdir"], scalar("working_dir")),
  ...aliases(["-u", "--user"], scalar("user")),
  ...aliases(["-h", "--hostname"], scalar("hostname")),
  ...aliases(["--domainname"], scalar("domainname")),
  ...aliases(["--restart"], scalar("restart")),
  ...aliases(["--network", "--net"], network),
  ...aliases(["--entrypoint"], scalar("entrypoint")),
  ...aliases(["--add-host"], list("extra_hosts")),
  ...aliases(["--dns"], list("dns")),
  ...aliases(["--dns-search"], list("dns_search")),
  ...aliases(["--dns-option"], list("dns_opt")),
  ...aliases(["--cap-add"], list("cap_add")),
  ...aliases(["--cap-drop"], list("cap_drop")),
  ...aliases(["--device"], list("devices")),
  ...aliases(["--tmpfs"], list("tmpfs")),
  ...aliases(["--security-opt"], list("security_opt")),
  ...aliases(["--sysctl"], list("sysctls")),
  ...aliases(["--group-add"], list("group_add")),
  ...aliases(["--volumes-from"], list("volumes_from")),
  ...aliases(["--link"], list("links")),
  ...aliases(["-m", "--memory"], scalar("mem_limit")),
  ...aliases(["--memory-reservation"], scalar("mem_reservation")),
  ...aliases(["--memory-swap"], scalar("memswap_limit")),
  ...aliases(["--cpus"], scalar("cpus")),
  ...aliases(["-c", "--cpu-shares"], scalar("cpu_shares", Number)),
  ...aliases(["--cpuset-cpus"], scalar("cpuset")),
  ...aliases(["--shm-size"], scalar("shm_size")),
  ...aliases(["--pid"], scalar("pid")),
  ...aliases(["--ipc"], scalar("ipc")),
  ...aliases(["--platform"], scalar("platform")),
  ...aliases(["--pull"], scalar("pull_policy")),
  ...aliases(["--stop-signal"], scalar("stop_signal")),
  ...aliases(["--stop-timeout"], scalar("stop_grace_period", seconds)),
  ...aliases(["--runtime"], scalar("runtime")),
  ...aliases(["--userns"], scalar("userns_mode")),
  ...aliases(["--mac-address"], scalar("mac_address")),
  ...aliases(["--oom-score-adj"], scalar("oom_score_adj", Number)),
  ...aliases(["--pids-limit"], scalar("pids_limit", Number)),
  ...aliases(["--cgroup-parent"], scalar("cgroup_parent")),
  ...aliases(["--isolation"], scalar("isolation")),
  ...aliases(["--log-driver"], nested("logging", "driver")),
  ...aliases(["--log-opt"], logOption),
  ...aliases(["--ulimit"], ulimit),
  ...aliases(["--health-cmd"], nested("healthcheck", "test", (value) => ["CMD-SHELL", value])),
  ...aliases(["--health-interval"], nested("healthcheck", "interval")),
  ...aliases(["--health-timeout"], nested("healthcheck", "timeout")),
  ...aliases(["--health-start-period"], nested("healthcheck", "start_period")),
  ...aliases(["--health-retries"], nested("healthcheck", "retries", Number)),
  ...aliases(["-i", "--interactive"], switchOn("stdin_open")),
  ...aliases(["-t", "--tty"], switchOn("tty")),
  ...aliases(["--privileged"], switchOn("privileged")),
  ...aliases(["--init"], switchOn("init")),
  ...aliases(["--read-only"], switchOn("read_only")),
  ...aliases(["--oom-kill-disable"], switchOn("oom_kill_disable")),
  ...aliases(["--no-healthcheck"], { takesValue: false, apply: (service) => void (service.healthcheck = { disable: true }) }),
  ...aliases(["-d", "--detach"], { takesValue: false, apply: () => undefined }),
  ...aliases(["--rm", "-P", "--publish-all", "--sig-proxy"], untranslated(false)),
  ...aliases(
    ["-a", "--attach", "--cidfile", "--detach-keys", "--blkio-weight", "--cpu-period", "--cpu-quota", "--cpuset-mems",
      "--device-cgroup-rule", "--ip", "--ip6", "--label-file", "--network-alias", "--mount", "--gpus", "--storage-opt",
      "--uts", "--cgroupns", "--kernel-memory", "--memory-swappiness", "--link-local-ip", "--volume-driver"],
    untranslated(true),
  ),
]);

function aliases(names: readonly string[], spec: FlagSpec): [string, FlagSpec][] {
  return names.map((name) => [name, spec]);
}
