/** The parts of a pod spec the Pod Security Standards read. */
export interface PodSpecFields {
  readonly hostNetwork?: boolean;
  readonly hostPID?: boolean;
  readonly hostIPC?: boolean;
  readonly securityContext?: SecurityFields;
  readonly volumes?: readonly Record<string, unknown>[];
  readonly containers: readonly ContainerFields[];
  readonly initContainers?: readonly ContainerFields[];
  readonly ephemeralContainers?: readonly ContainerFields[];
}

interface SecurityFields {
  readonly runAsNonRoot?: boolean;
  readonly runAsUser?: number;
  readonly seccompProfile?: { readonly type?: string };
}

interface ContainerFields {
  readonly name: string;
  readonly ports?: readonly { readonly hostPort?: number }[];
  readonly securityContext?: SecurityFields & {
    readonly privileged?: boolean;
    readonly allowPrivilegeEscalation?: boolean;
    readonly capabilities?: { readonly add?: readonly string[]; readonly drop?: readonly string[] };
  };
}

/** The volume types "restricted" allows (Pod Security Standards, "Volume Types"). */
const RESTRICTED_VOLUMES = new Set(["configMap", "csi", "downwardAPI", "emptyDir", "ephemeral", "persistentVolumeClaim", "projected", "secret"]);
const SECCOMP_ALLOWED = new Set(["RuntimeDefault", "Localhost"]);

/**
 * What keeps a pod from the Pod Security Standard "restricted" (kubernetes.io/docs/concepts/security/pod-security-standards,
 * the checks of its baseline and restricted tables that a pod spec can fail; AppArmor, SELinux, /proc mount and sysctls,
 * which the recipes never set, are left out). Empty: admitted under `pod-security.kubernetes.io/enforce: restricted`.
 */
export function restrictedViolations(pod: PodSpecFields): string[] {
  const problems: string[] = [];
  for (const field of ["hostNetwork", "hostPID", "hostIPC"] as const) if (pod[field]) problems.push(`${field} is set`);
  for (const volume of pod.volumes ?? []) {
    const type = Object.keys(volume).find((key) => key !== "name") ?? "none";
    if (!RESTRICTED_VOLUMES.has(type)) problems.push(`volume ${String(volume.name)} is of type ${type}`);
  }
  if (pod.securityContext?.runAsUser === 0) problems.push("the pod runs as uid 0");
  const containers = [...pod.containers, ...(pod.initContainers ?? []), ...(pod.ephemeralContainers ?? [])];
  for (const container of containers) problems.push(...containerViolations(container, pod.securityContext ?? {}));
  return problems;
}

function containerViolations(container: ContainerFields, podContext: SecurityFields): string[] {
  const context = container.securityContext ?? {};
  const name = `container ${container.name}`;
  const problems: string[] = [];
  if (context.privileged) problems.push(`${name} is privileged`);
  if (context.allowPrivilegeEscalation !== false) problems.push(`${name} does not set allowPrivilegeEscalation: false`);
  if (!(context.capabilities?.drop ?? []).includes("ALL")) problems.push(`${name} does not drop ALL capabilities`);
  const added = (context.capabilities?.add ?? []).filter((capability) => capability !== "NET_BIND_SERVICE");
  if (added.length > 0) problems.push(`${name} adds ${added.join(", ")}`);
  if ((context.runAsNonRoot ?? podContext.runAsNonRoot) !== true) problems.push(`${name} may run as root (runAsNonRoot)`);
  if (context.runAsUser === 0) problems.push(`${name} runs as uid 0`);
  const seccomp = context.seccompProfile?.type ?? podContext.seccompProfile?.type;
  if (!seccomp || !SECCOMP_ALLOWED.has(seccomp)) problems.push(`${name} has no RuntimeDefault or Localhost seccompProfile`);
  if ((container.ports ?? []).some((port) => (port.hostPort ?? 0) !== 0)) problems.push(`${name} uses a host port`);
  return problems;
}
