#!/bin/sh
# parse.sh [--qemu-exit N] [--timeout S] [--functions FILE]
# [--system-map FILE --slub-functions FILE] CONSOLE-LOG: the
# lab's one console parser. A pure function of the log (and of what the
# host saw of the run: QEMU's exit status, its timeout), so it can be
# re-run on any old log. Prints, as JSON (jq), the two groups of the run's
# record that come from the console, {results, measurements} (and host,
# the QEMU exit it was given); every later stage reads them from the
# record (lab/verdict/record.sh writes it).
#
# results: the cases (the guest's KTAP document between LAB-JUDGE and
# LAB-JOB-END, read with ktap.awk; when it is missing or cut short, the
# kernel's own KUnit results), the kernel's reports with the functions of
# their stacks, what the host sees that the guest cannot (QEMU's exit or
# timeout, the end marker and the job's status in it, kernel lines matching
# lab/verdict/splat-patterns printed after LAB-JUDGE), and the run's
# status by one rule (status below). measurements: what measure.awk,
# with the build's function list (--functions) contention.awk, and with
# its System.map and mm/slub.o's functions the latency guard's parser
# (lab/bench/latency-parse.awk) read from the guest's lines, as typed
# blocks {kind, labels, metric, value, unit, better}. A line they cannot
# read is a parse error of the record; a warning of theirs is kept too.
#
#   --qemu-exit N   QEMU's exit status (under timeout(1): 124 or 137 is the
#                   host's timeout)
#   --timeout S     the host's timeout, for the reason's text
#   --functions F   the build's text symbols (lab/lib/facts.sh
#                   text_objects), to charge lock contention to callers
#   --system-map F, --slub-functions F
#                   the build's System.map and mm/slub.o's functions, one
#                   a line, to name the latency guard's sites
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="parse.sh [--qemu-exit N] [--timeout S] [--functions FILE] [--system-map FILE --slub-functions FILE] CONSOLE-LOG"
qemu_exit=null timeout= functions= system_map= slub_functions=
while [ $# -gt 0 ]; do
	case $1 in
	--qemu-exit | --timeout | --functions | --system-map | --slub-functions) [ $# -ge 2 ] || usage_die "$1 needs a value" ;;
	esac
	case $1 in
	--qemu-exit) qemu_exit=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--functions) functions=$2; shift 2 ;;
	--system-map) system_map=$2; shift 2 ;;
	--slub-functions) slub_functions=$2; shift 2 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || usage_die "expected one console log"
case $qemu_exit in null | [0-9] | [0-9][0-9] | [0-9][0-9][0-9]) ;; *) usage_die "--qemu-exit takes an exit status, not '$qemu_exit'" ;; esac
[ -f "$1" ] || die "no console log at $1"
verdict=$LAB_ROOT/lab/verdict

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tr -d '\r' <"$1" >"$tmp/log"

# How far the run got, and the guest's verdict. A marker is read wherever
# its line starts, as a LAVA farm reads it: a kernel message may precede it.
end=$(grep -n -o -E 'LAB-JOB-END status=[0-9]+' "$tmp/log" | tail -n 1 || true)
end_at=${end%%:*} job_status=null
[ -z "$end" ] || job_status=${end##*status=}
judge_at=$(grep -n 'LAB-JUDGE$' "$tmp/log" | tail -n 1 | cut -d: -f1 || true)
reached=null
grep -q 'Linux version' "$tmp/log" && reached=kernel
grep -q 'LAB-JOB-BEGIN' "$tmp/log" && reached=job
[ -z "$judge_at" ] || reached=judge
[ -z "$end" ] || reached=end

judged_by=host
if [ -n "$judge_at" ] && [ -n "$end_at" ]; then
	sed -n "$((judge_at + 1)),$((end_at - 1))p" "$tmp/log" | awk -f "$verdict/ktap.awk" >"$tmp/ktap"
	plan=$(awk -F '\t' '$1 == "plan" { print $2 }' "$tmp/ktap")
	count=$(awk -F '\t' '$1 ~ /^(pass|fail|skip)$/' "$tmp/ktap" | wc -l)
	[ -n "$plan" ] && [ "$plan" = "$count" ] && judged_by=guest
fi
if [ $judged_by = host ]; then
	# No whole verdict from the guest: the kernel's own KUnit results,
	# from its lines (those with a printk timestamp).
	grep -E '^\[ *[0-9]+\.[0-9]+\]' "$tmp/log" | awk -v prefix=kunit. -f "$verdict/ktap.awk" >"$tmp/ktap" || true
fi

# The kernel's lines (a printk timestamp) that match a splat pattern: each
# a report, with the message a WARN printed just before its line (after
# "cut here") and the functions named in the 60 kernel lines after it (its
# stack). Those the guest's judge did not read (after LAB-JUDGE, or all
# of them when it never judged) are the host's own finding.
from=1
[ $judged_by = host ] || from=$((judge_at + 1))
grep -v -e '^#' -e '^$' "$verdict/splat-patterns" >"$tmp/patterns"
awk -v from="$from" -v patterns="$tmp/patterns" '
	BEGIN { while ((getline p < patterns) > 0) pat[++np] = p }
	!/^\[ *[0-9]+\.[0-9]+\]/ { next }
	{ line = $0; sub(/^\[[^]]*\] ?/, "", line); k++ }
	# The stacks of the reports still open.
	{
		for (r = 1; r <= nr; r++)
			if (k - at[r] <= 60) {
				s = line
				while (match(s, /[A-Za-z0-9_.]+\+0x[0-9a-f]+/)) {
					fn = substr(s, RSTART, RLENGTH)
					sub(/\+.*/, "", fn)
					if (!((r, fn) in seen)) { seen[r, fn] = 1; stack[r] = stack[r] " " fn }
					s = substr(s, RSTART + RLENGTH)
				}
			}
	}
	/cut here/ { cut = k; msg = ""; next }
	{
		for (i = 1; i <= np; i++)
			if (line ~ pat[i])
				break
		if (i > np) {
			if (cut && k - cut <= 3)
				msg = msg (msg == "" ? "" : " ") line
			next
		}
		if (nr < 30) {
			at[++nr] = k
			text[nr] = line
			note[nr] = (cut && k - cut <= 4) ? msg : ""
			late[nr] = (NR >= from) ? "true" : "false"
		}
		cut = 0
	}
	END {
		for (r = 1; r <= nr; r++) {
			sub(/^ /, "", stack[r])
			print late[r] "\t" text[r] "\t" note[r] "\t" stack[r]
		}
	}' "$tmp/log" >"$tmp/reports"
# The host's findings: the lines, as the console had them.
sed -n "$from,\$p" "$tmp/log" | grep -E '^\[ *[0-9]+\.[0-9]+\]' |
	grep -E -f "$tmp/patterns" | head -n 30 >"$tmp/splats" || true

stopped_in=
if [ "$qemu_exit" = 124 ] || [ "$qemu_exit" = 137 ] || [ -z "$end" ]; then
	stopped_in=$(grep -m 1 -o -E 'Comm: [^ ]+|INFO: task [^ ]+ blocked' "$tmp/log" || true)
fi

# The measurements, and the lines of a case's own output.
awk -f "$verdict/measure.awk" "$tmp/log" >"$tmp/measure"
if grep -q '^LAB-CONTENTION' "$tmp/log"; then
	if [ -n "$functions" ] && [ -r "$functions" ]; then
		awk -f "$verdict/contention.awk" "$functions" "$tmp/log" >>"$tmp/measure" || true
	else
		printf 'error\tcontention: no function list of the build to charge it to callers (--functions)\n' >>"$tmp/measure"
	fi
fi
# The latency guard's report: its sections (a row each: kind, the longest
# in ns, how many, slub, the sites) and cyclictest's figures, as
# measurements; its refusals are parse errors, its warnings warnings.
if grep -q '^LAB-LATENCY' "$tmp/log"; then
	if [ -r "$system_map" ] && [ -r "$slub_functions" ]; then
		if awk -v cyclictest="$tmp/cyclictest" -f "$LAB_ROOT/lab/bench/latency-parse.awk" \
			"$system_map" "$slub_functions" "$tmp/log" >"$tmp/sections" 2>"$tmp/latency.err"; then
			kind=warning
			awk -F '\t' -v OFS='\t' '
				# entry: two entries may name the same sites.
				{ labels = "section=" $4 "\tentry=" FNR "\tslub=" $7 "\tstart=" $8 "\tstart_caller=" $9 "\tend=" $10 "\tend_caller=" $11 }
				FILENAME ~ /sections$/ {
					print "m", "latency", "max", $5, "ns", "lower", labels
					print "m", "latency", "count", $6, "count", "none", labels
				}
				FILENAME ~ /cyclictest$/ {
					print "m", "cyclictest", "samples", $5, "count", "none", "threads=" $4
					print "m", "cyclictest", "max", $6, "us", "lower", "threads=" $4
					print "m", "cyclictest", "p99.9", $7, "us", "lower", "threads=" $4
					print "m", "cyclictest", "overflows", $8, "count", "lower", "threads=" $4
				}' "$tmp/sections" "$tmp/cyclictest" >>"$tmp/measure"
		else
			kind=error
		fi
		sed -e 's/^latency-parse: [^:]*: /latency: /' -e 's/^latency-parse: /latency: /' -e "s/^/$kind\t/" \
			"$tmp/latency.err" >>"$tmp/measure"
	else
		printf 'error\tlatency: no System.map and mm/slub.o function list of the build to name its sites\n' >>"$tmp/measure"
	fi
fi

jq -n --rawfile ktap "$tmp/ktap" --rawfile reports "$tmp/reports" --rawfile splats "$tmp/splats" \
	--rawfile measure "$tmp/measure" --argjson qemu_exit "$qemu_exit" --argjson job_status "$job_status" \
	--arg judged_by $judged_by --arg reached "$reached" --arg stopped_in "$stopped_in" \
	--arg timeout "$timeout" --argjson ended "$([ -n "$end" ] && echo true || echo false)" '
	def lines: split("\n") | map(select(length > 0) | split("\t"));
	def nonempty: if . == "" or . == "null" then null else . end;

	# The cases, in their order: a result line starts one, the
	# diagnostics after it are its own (ktap.awk), a case still running
	# when the log stopped has crashed.
	def cases:
		reduce ($ktap | lines[]) as $l ([];
			if ($l[0] | test("^(pass|fail|skip)$")) then . + [{id: $l[1], result: $l[0], diagnostics: []}]
			elif $l[0] == "running" then . + [{id: $l[1], result: "crashed", diagnostics: []}]
			elif $l[0] == "diag" and length > 0 then .[-1].diagnostics += [$l[2:] | join("\t")]
			else . end);

	def counts: {pass: map(select(.result == "pass")) | length,
		fail: map(select(.result == "fail")) | length,
		skip: map(select(.result == "skip")) | length,
		crashed: map(select(.result == "crashed")) | length, total: length};

	# The run status, by one rule (kunit.py get_status, KernelCI incomplete):
	# a run that did not end as it should is incomplete, with an error code
	# (timeout, crashed, qemu, no_verdict, parse); one that ended fails on a
	# failed or crashed case, the job'"'"'s status, a kernel report the guest
	# did not read, or no case at all; else it passes.
	def status($f):
		if $f.qemu_exit == 124 or $f.qemu_exit == 137 then {status: "incomplete", error_code: "timeout"}
		elif $f.ended | not then {status: "incomplete", error_code: "crashed"}
		elif $f.qemu_exit != null and $f.qemu_exit != 0 then {status: "incomplete", error_code: "qemu"}
		elif $f.judged_by == "host" then {status: "incomplete", error_code: "no_verdict"}
		elif ($f.errors | length) > 0 then {status: "incomplete", error_code: "parse"}
		elif $f.counts.total == 0 or $f.counts.fail + $f.counts.crashed > 0
			or $f.job_status != 0 or ($f.splats | length) > 0 then {status: "fail", error_code: null}
		else {status: "pass", error_code: null} end;

	def reasons($f):
		[if $f.qemu_exit == 124 or $f.qemu_exit == 137 then
			"the guest timed out after \(if $timeout == "" then "?" else $timeout end)s (hung guest)"
		 elif $f.ended | not then
			"no LAB-JOB-END marker: the guest hung, panicked or crashed before its job ended"
		 elif $f.qemu_exit != null and $f.qemu_exit != 0 then "qemu exited with status \($f.qemu_exit)"
		 else empty end,
		 if ($f.splats | length) > 0 then "the kernel reported problems the guest'"'"'s judge did not read" else empty end,
		 if $f.ended and $f.job_status != 0 then "the guest job exited with status=\($f.job_status)" else empty end,
		 if $f.ended and $f.judged_by == "host" then
			"the guest did not judge its run (no whole KTAP document after LAB-JUDGE)" else empty end,
		 ($f.tests | map(select(.result == "fail") | .id)) as $failed
		 | if $f.ended and ($failed | length) > 0 then
			"the guest judged these cases failed: \($failed | join(" "))" else empty end,
		 if $f.ended and $f.counts.total == 0 then "no case reported a result" else empty end,
		 ($f.errors[] | "parse: " + .)];

	($measure | lines) as $m
	| (cases) as $tests
	| {qemu_exit: $qemu_exit, job_status: $job_status, ended: $ended, judged_by: $judged_by,
	   tests: $tests, counts: ($tests | counts), splats: ($splats | split("\n") | map(select(length > 0))),
	   errors: [$m[] | select(.[0] == "error") | .[1]]} as $f
	| [$m[] | select(.[0] == "log")] as $logs
	| {host: {qemu_exit: $qemu_exit},
	   results: (status($f) + {
		reasons: reasons($f), judged_by: $judged_by, reached: ($reached | nonempty),
		job_status: $job_status,
		running: ([$tests[] | select(.result == "crashed") | .id][0]),
		stopped_in: ($stopped_in | nonempty), counts: $f.counts,
		tests: [$tests[] | . as $t | ([$logs[] | select(.[1] == $t.id) | .[2:] | join("\t")]) as $log
			| if ($log | length) > 0 then . + {log: $log} else . end],
		splats: $f.splats, parse_errors: $f.errors,
		parse_warnings: [$m[] | select(.[0] == "warning") | .[1]],
		reports: [$reports | lines[] | {text: .[1], message: (.[2] | nonempty),
			stack: ((.[3] // "") | split(" ") | map(select(length > 0))), host_finding: (.[0] == "true")}]}),
	   measurements: [$m[] | select(.[0] == "m") | {kind: .[1],
		labels: (.[6:] | map(index("=") as $i | {key: .[:$i], value: .[$i + 1:]}) | from_entries),
		metric: .[2], value: (.[3] | tonumber? // null), unit: .[4], better: .[5]}]}'
