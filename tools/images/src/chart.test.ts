import { describe, expect, it } from 'vitest';
import { chartDir, helm, render, schemaProblems, type KubeObject } from './chart.ts';

const byKind = (objects: KubeObject[], kind: string, name: string) => objects.find((object) => object.kind === kind && object.metadata.name === name);

describe('the Helm chart (issue 66)', () => {
  it('passes helm lint --strict', () => {
    expect(helm('lint', '--strict', chartDir)).toContain('0 chart(s) failed');
  });

  it("renders only objects Kubernetes' schemas accept, with the values it ships and with a deployment's own", async () => {
    const shipped = render();
    expect(shipped.length).toBeGreaterThan(10);
    expect(await schemaProblems(shipped)).toEqual([]);
    const own = render({ existingSecret: 'phonehaat-keys', 'image.registry': 'registry.example/phonehaat', 'image.tag': '1.2.3', 'api.autoscaling.enabled': 'false', 'ingress.tlsSecret': 'phonehaat-tls' });
    expect(await schemaProblems(own)).toEqual([]);
    // Without the HPA the Deployment says how many; a deployment's own Secret is used, none rendered.
    expect((byKind(own, 'Deployment', 'phonehaat-api')?.spec as { replicas?: number }).replicas).toBe(3);
    expect(own.filter((object) => object.kind === 'Secret')).toEqual([]);
  });

  it('runs the API as several replicas that probe, drain, autoscale and are never all disrupted at once', () => {
    const objects = render();
    const api = byKind(objects, 'Deployment', 'phonehaat-api')!;
    const pod = (api.spec as { template: { spec: { containers: Record<string, unknown>[]; terminationGracePeriodSeconds: number } } }).template.spec;
    const container = pod.containers[0] as { readinessProbe: { httpGet: { path: string } }; livenessProbe: { httpGet: { path: string } }; resources: { requests: object; limits: object }; envFrom: { configMapRef?: { name: string }; secretRef?: { name: string } }[]; securityContext: { runAsNonRoot: boolean } };
    expect(container.readinessProbe.httpGet.path).toBe('/health/ready');
    expect(container.livenessProbe.httpGet.path).toBe('/health');
    expect(container.resources.requests).toBeTruthy();
    expect(container.resources.limits).toBeTruthy();
    expect(container.securityContext.runAsNonRoot).toBe(true);
    // Its settings are the README's variables, by name: a ConfigMap and a Secret.
    expect(container.envFrom).toEqual([{ configMapRef: { name: 'phonehaat-config' } }, { secretRef: { name: 'phonehaat-secrets' } }]);
    const config = byKind(objects, 'ConfigMap', 'phonehaat-config') as unknown as { data: Record<string, string> };
    expect(config.data).toMatchObject({ NODE_ENV: 'production', SHUTDOWN_DRAIN_DELAY_MS: '5000', JOB_QUEUE: 'on' });
    expect(Object.keys((byKind(objects, 'Secret', 'phonehaat-secrets') as unknown as { stringData: object }).stringData)).toEqual(expect.arrayContaining(['DATABASE_URL', 'JWT_SECRET', 'IMEI_SECRET', 'DEVICE_CHECK_KEYS', 'STRIPE_SECRET_KEY']));
    // The pod is given longer to stop than it drains.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(5);
    expect(byKind(objects, 'PodDisruptionBudget', 'phonehaat-api')?.spec).toMatchObject({ maxUnavailable: 1 });
    expect(byKind(objects, 'HorizontalPodAutoscaler', 'phonehaat-api')?.spec).toMatchObject({ minReplicas: 3, scaleTargetRef: { name: 'phonehaat-api' } });
    expect((api.spec as { strategy: object }).strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } });
  });

  it('sends /api to the API, the releases to the deployer and the rest to the shell', () => {
    const ingress = byKind(render(), 'Ingress', 'phonehaat') as unknown as { spec: { rules: { http: { paths: { path: string; backend: { service: { name: string } } }[] } }[] } };
    expect(ingress.spec.rules[0]!.http.paths.map((path) => [path.path, path.backend.service.name])).toEqual([
      ['/api(/|$)(.*)', 'phonehaat-api'],
      ['/()(releases/.*)', 'phonehaat-deployer'],
      ['/()(.*)', 'phonehaat-shell'],
    ]);
  });
});
