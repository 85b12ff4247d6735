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
# round is the run's label round (lab/run/boot.sh --label round=N), 1
# without one; variant the variant's name.

def round: .run.labels.round // "1";

def status:
	if .results.status == "pass" then "ok"
	elif .results.status == "fail" or .results.error_code == "parse" then "failed"
	elif .results.error_code == "timeout" then "timeout"
	else "crashed" end;

inputs
| round as $r | .variant.name as $v
| if $table == "samples" then
	.measurements[] | select(.labels.caller == null)
	| [$r, $v, .metric, .value, .unit, .better]
elif $table == "status" then
	[$r, $v, status, .artifacts.console]
elif $table == "contention" then
	# A row a (mode, caller, object, lock), in the order the parser met
	# them, with its two measurements.
	reduce (.measurements[] | select(.kind == "contention" and .labels.caller != null)) as $x
		({order: [], rows: {}};
		($x.labels | [.mode, .caller, .object, .lock] | tojson) as $k
		| (if .rows[$k] == null then .order += [$k] else . end)
		| .rows[$k] += {($x.metric): $x.value, labels: $x.labels})
	| .rows[.order[]]
	| [$r, $v, .labels.mode, .labels.caller, .labels.object, .labels.lock, .contended, .wait]
else
	error("table must be samples, status or contention, not \($table)")
end
| @tsv
