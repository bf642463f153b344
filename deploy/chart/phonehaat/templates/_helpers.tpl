{{/* The name every object carries, and the labels that select a part of the release. */}}
{{- define "phonehaat.labels" -}}
app.kubernetes.io/name: phonehaat
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "phonehaat.selector" -}}
app.kubernetes.io/name: phonehaat
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "phonehaat.image" -}}
{{ printf "%s/%s:%s" .root.Values.image.registry .name .root.Values.image.tag }}
{{- end -}}

{{- define "phonehaat.secretName" -}}
{{ default (printf "%s-secrets" .Release.Name) .Values.existingSecret }}
{{- end -}}

{{/* A container that runs as nobody in particular, with nothing it does not need. */}}
{{- define "phonehaat.securityContext" -}}
runAsNonRoot: true
runAsUser: 10001
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: [ALL]
{{- end -}}
