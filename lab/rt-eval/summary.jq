# summary.jq: cyclictest's --json record as a TSV table, one row a
# measuring thread (one a CPU with -S), all times in us:
#   cpu samples min avg max p99 p99.9 overflows
# Percentiles are read off the thread's 1 us histogram: the first bucket
# at which the count of samples up to it reaches the share (nearest-rank).
# A percentile beyond the histogram (--argjson limit: its bucket count,
# cyclictest -h) is ">=limit"; overflows are the samples beyond it.
#   jq -r --argjson limit 2000 -f summary.jq cyclictest.json

# The nearest-rank percentile Q of N samples in buckets B (sorted
# [{us, n}]), or null when it lies beyond them.
def percentile(b; n; q):
	((q * n) | ceil) as $rank
	| first(foreach b[] as $x (0; . + $x.n; if . >= $rank then $x.us else empty end)) // null;

def show(v): if v == null then ">=\($limit)" else v end;

(["cpu", "samples", "min", "avg", "max", "p99", "p99.9", "overflows"] | @tsv),
(.thread | to_entries | sort_by(.key | tonumber)[] | .value
	| ((.histogram // {}) | to_entries | map({us: (.key | tonumber), n: .value}) | sort_by(.us)) as $b
	| .cycles as $n
	| [.cpu, $n, .min, .avg, .max,
	   show(percentile($b; $n; 0.99)), show(percentile($b; $n; 0.999)),
	   $n - ($b | map(.n) | add // 0)]
	| @tsv)
