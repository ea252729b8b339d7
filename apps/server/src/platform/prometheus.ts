import { BUCKETS_MS, type MetricsRecorder } from './metrics';

/** The Prometheus text exposition format (version 0.0.4) of the /metrics endpoint. */
type PromSample = { labels?: Record<string, string>; value: number; suffix?: string };
export type PromFamily = {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  samples: PromSample[];
};

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Number.POSITIVE_INFINITY) return '+Inf';
  if (v === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(v);
}

export function renderPrometheus(families: PromFamily[]): string {
  const lines: string[] = [];
  for (const f of families) {
    lines.push(`# HELP ${f.name} ${f.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`);
    lines.push(`# TYPE ${f.name} ${f.type}`);
    for (const s of f.samples) {
      const labels = s.labels ? Object.entries(s.labels) : [];
      const l = labels.length ? `{${labels.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}` : '';
      lines.push(`${f.name}${s.suffix ?? ''}${l} ${formatValue(s.value)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** This process's request histogram and request/error counters as Prometheus families. */
export function requestFamilies(recorder: MetricsRecorder): PromFamily[] {
  const http = recorder.cumulative().filter((c) => c.kind === 'http');
  const probes = recorder.cumulative().filter((c) => c.kind === 'probe');
  const hist: PromSample[] = [];
  for (const c of http.sort((a, b) => a.group.localeCompare(b.group))) {
    let acc = 0;
    c.buckets.forEach((n, i) => {
      acc += n;
      const le = i < BUCKETS_MS.length ? String(BUCKETS_MS[i]! / 1000) : '+Inf';
      hist.push({ suffix: '_bucket', labels: { route_group: c.group, le }, value: acc });
    });
    hist.push({ suffix: '_sum', labels: { route_group: c.group }, value: c.sumMs / 1000 });
    hist.push({ suffix: '_count', labels: { route_group: c.group }, value: c.count });
  }
  return [
    {
      name: 'echeq_http_request_duration_seconds',
      help: 'Duration of API requests by route group.',
      type: 'histogram',
      samples: hist,
    },
    {
      name: 'echeq_http_server_errors_total',
      help: 'API requests answered with a 5xx status, by route group.',
      type: 'counter',
      samples: http.map((c) => ({ labels: { route_group: c.group }, value: c.errors })),
    },
    {
      name: 'echeq_probes_total',
      help: 'Health probes of external services (clearing house), by target and outcome.',
      type: 'counter',
      samples: probes.flatMap((c) => [
        { labels: { target: c.group, outcome: 'ok' }, value: c.count - c.errors },
        { labels: { target: c.group, outcome: 'failed' }, value: c.errors },
      ]),
    },
  ];
}
