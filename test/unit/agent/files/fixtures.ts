/** A downloaded admin kubeconfig as a zone would send it: its own names, which we rename. */
export const SOURCE = `apiVersion: v1
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

export const SOURCE_V2 = SOURCE.replace('https://10.0.0.1:6443', 'https://10.0.0.2:6443');
