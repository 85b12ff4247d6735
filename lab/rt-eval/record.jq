# record.jq: rt-eval.sh's run as a record, result.json, of the shape the
# lab's runs have (schema 1, docs/lab.md): the kernel, how rt-eval ran,
# each of its checks a case, each CPU's cyclictest figures a measurement
# (kind cyclictest, labels.cpu; a percentile beyond the histogram has
# at_least: true and the histogram's limit as its value), the files beside
# it as artifacts. rt-eval runs on machines without the lab: its status is
# its cases' (a failed case fails the run). lab/rt-eval/compare.sh reads it.
#   jq -n -f record.jq --rawfile cases CASES.tsv --rawfile summary SUMMARY.tsv \
#      --arg kernel R --arg cmdline C --arg package P --argjson started T0 \
#      --argjson ended T1 --arg params "k=v ..." [--arg cpu MODEL --arg cpus N
#      --arg memory "N kB" --arg realtime 0|1 --arg cpu_partial N
#      --arg slab_cpu_partial V]
# CASES.tsv: "RESULT ID WHY" lines; SUMMARY.tsv: summary.jq's table.

def rows: split("\n") | map(select(length > 0) | split("\t"));
def nonempty: if . == "" then null else . end;

($cases | rows | map({id: .[1], result: .[0], diagnostics: ([.[2] // ""] | map(select(length > 0)))})) as $tests
| ($summary | rows) as $table
| {schema: 1, lab: null,
   variant: {name: $kernel, build: null, tree: "installed", package: ($package | nonempty)},
   build: null,
   run: {job: "rt-eval.sh", purpose: "rt-eval", cmdline: $cmdline,
	params: ($params | split(" ") | map(split("=") | {key: .[0], value: (.[1:] | join("="))}) | from_entries),
	started: ($started | todate), duration_s: ($ended - $started),
	machine: {cpu: ($ARGS.named.cpu // null), cpus: ($ARGS.named.cpus // null | tonumber? // null),
		memory: ($ARGS.named.memory // null), realtime: ($ARGS.named.realtime // null),
		cpu_partial: ($ARGS.named.cpu_partial // null),
		slab_cpu_partial: ($ARGS.named.slab_cpu_partial // null | nonempty?)}},
   results: {status: (if any($tests[]; .result != "pass") or ($tests | length) == 0 then "fail" else "pass" end),
	error_code: null,
	reasons: [$tests[] | select(.result != "pass") | .diagnostics[]],
	counts: {pass: ($tests | map(select(.result == "pass")) | length),
		fail: ($tests | map(select(.result != "pass")) | length), skip: 0, crashed: 0, total: ($tests | length)},
	tests: $tests},
   measurements: [if ($table | length) > 1 then $table[0] as $head | $table[1:][] as $r
	| range(1; $head | length) as $i | ($r[$i] | tostring) as $v
	| {kind: "cyclictest", labels: {cpu: $r[0]}, metric: $head[$i],
	   value: ($v | ltrimstr(">=") | tonumber), unit: (if $head[$i] == "samples" or $head[$i] == "overflows" then "count" else "us" end),
	   better: (if $head[$i] == "samples" then "none" else "lower" end)}
	+ (if $v | startswith(">=") then {at_least: true} else {} end) else empty end],
   artifacts: {cyclictest_json: "cyclictest.json", summary: "summary.tsv", identity: "identity.txt",
	report: "report.txt", kernel_log: "dmesg-new.txt", loads: "load.tsv", cases: "cases.tsv"}}
