/** Real-world shaped kubeconfigs a merge must not damage (unit and integration tests share them). */

/** A downloaded admin kubeconfig as a zone would send it: its own names, which the merge renames. */
export const DOWNLOADED = `apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: Q0EtREFUQQ==
    server: https://10.0.0.1:6443
  name: kubernetes
contexts:
- context:
    cluster: kubernetes
    namespace: kube-system
    user: kubernetes-admin
  name: kubernetes-admin@kubernetes
current-context: kubernetes-admin@kubernetes
kind: Config
preferences: {}
users:
- name: kubernetes-admin
  user:
    client-certificate-data: Q0VSVA==
    client-key-data: S0VZ
`;

/** The same download after the cluster moved: another server address. */
export const DOWNLOADED_V2 = DOWNLOADED.replace('https://10.0.0.1:6443', 'https://10.0.0.2:6443');

/** Several entries, preferences, extensions at top level and in entries, comments, unknown keys. */
export const RICH = `# Personal kubeconfig — comments must survive
apiVersion: v1
clusters:
- cluster:
    server: https://dev.example.com:6443
    insecure-skip-tls-verify: true
    extensions:
    - name: client.authentication.k8s.io/exec
      extension:
        audience: dev
  name: dev # the dev cluster
- cluster:
    certificate-authority-data: TE9ORy1CQVNFNjQtQ0VSVElGSUNBVEUtREFUQS1USEFULUdPRVMtUEFTVC1FSUdIVFktQ09MVU1OUy1BTkQtTVVTVC1OT1QtQkUtRk9MREVE
    proxy-url: socks5://localhost:1080
    server: https://prod.example.com
  name: prod
contexts:
# dev first, it is used most
- context:
    cluster: dev
    namespace: team-a
    user: dev-user
    extensions:
    - name: my-tool
      extension: {color: green}
  name: dev
- context:
    cluster: prod
    user: prod-oidc
  name: prod
current-context: dev
kind: Config
preferences:
  colors: true
  extensions:
  - name: pref-ext
    extension: {x: 1}
users:
- name: dev-user
  user:
    token: "0123456789"
- name: prod-oidc
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1beta1
      command: kubelogin
      args: [get-token, --oidc-issuer-url=https://issuer.example]
      interactiveMode: IfAvailable
      provideClusterInfo: false
extensions:
- name: top-level-ext
  extension:
    some: value
x-unknown-key:
  kept: yes # YAML 1.1 boolean, must stay as typed
`;

/** What kubectl itself writes after a few `kubectl config set-*` calls. */
export const KUBECTL_STYLE = `apiVersion: v1
clusters:
- cluster:
    server: https://kind.local:6443
  name: kind-kind
contexts:
- context:
    cluster: kind-kind
    user: kind-kind
  name: kind-kind
current-context: kind-kind
kind: Config
preferences: {}
users:
- name: kind-kind
  user:
    username: admin
    password: "true"
`;

/** A second file of a KUBECONFIG list: must stay byte-identical. */
export const SECOND_FILE = `apiVersion: v1
clusters:
- cluster:
    server: https://second.example
  name: second
contexts:
- context: {cluster: second, user: second}
  name: second
kind: Config
users:
- name: second
  user: {token: abc}
`;

export const INVALID = `apiVersion: v1
clusters:
  - name: broken
   cluster: {server: x}
`;
