# samples.jq: run records (result.json, lab/verdict/record.sh) as the
# tab-separated tables the bench's tools read, one row a line, no header:
#   jq -n -r --arg table T -f samples.jq RECORD.json...
# T is one of:
#   samples     round variant metric value unit better: every measurement
#               tools/compare shows (not contention's per-caller rows)
#   status      round variant status log: each run's status as
#               tools/compare names it (ok; failed, a failed run or one
#               whose log could not be read; timeout; crashed, any other
#               run that did not end)
#   contention  round variant mode caller object lock count wait_ns:
#               lab/bench/contention-table.awk's and contention-plot.sh's
#   sections    round variant burst kind max_ns count slub start
#               start_caller end end_caller: the latency guard's sections
#               (lab/bench/latency-table.awk)
#   cyclictest  round variant burst threads samples max_us p999_us
#               overflows (p999_us "overflow" past the histogram)
#   runs        round variant burst status log: status's rows with the
#               latency guard's burst
#   notes       round variant burst note: what the parser could not read,
#               or warned of
# round and burst are the run's labels (lab/run/boot.sh --label round=N),
# round 1 without one; variant the variant's name.

def round: .run.labels.round // "1";

def status:
	if .results.status == "pass" then "ok"
	elif .results.status == "fail" or .results.error_code == "parse" then "failed"
	elif .results.error_code == "timeout" then "timeout"
	else "crashed" end;

# rows($kind): one row a set of labels of $kind's measurements,
# in the order the parser met them, with each metric's value.
def rows($kind):
	reduce (.measurements[] | select(.kind == $kind)) as $x ({order: [], rows: {}};
		($x.labels | tojson) as $k
		| (if .rows[$k] == null then .order += [$k] else . end)
		| .rows[$k] += {($x.metric): $x.value, labels: $x.labels})
	| .rows[.order[]];

inputs
| round as $r | .variant.name as $v | (.run.labels.burst // "") as $b
| if $table == "samples" then
	.measurements[] | select(.labels.caller == null)
	| [$r, $v, .metric, .value, .unit, .better]
elif $table == "status" then
	[$r, $v, status, .artifacts.console]
elif $table == "runs" then
	[$r, $v, $b, status, .artifacts.console]
elif $table == "contention" then
	rows("contention") | select(.labels.caller != null)
	| [$r, $v, .labels.mode, .labels.caller, .labels.object, .labels.lock, .contended, .wait]
elif $table == "sections" then
	rows("latency")
	| [$r, $v, $b, .labels.section, .max, .count, .labels.slub, .labels.start, .labels.start_caller,
	   .labels.end, .labels.end_caller]
elif $table == "cyclictest" then
	rows("cyclictest") | select(.labels.threads != null)
	| [$r, $v, $b, .labels.threads, .samples, .max, (.["p99.9"] // "overflow"), .overflows]
elif $table == "notes" then
	(.results.parse_errors // [])[], (.results.parse_warnings // [])[] | [$r, $v, $b, .]
else
	error("table must be samples, status, runs, contention, sections, cyclictest or notes, not \($table)")
end
| @tsv
