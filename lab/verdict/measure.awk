# measure.awk: the measurements a guest printed on its console, for the
# one console parser (lab/verdict/parse.sh), which puts them in the run's
# record as typed blocks. Output, one a line, tab-separated:
#	m KIND METRIC VALUE UNIT BETTER [LABEL=VALUE...]
#	                    a measurement: KIND hackbench, meminfo,
#	                    slub_stats or slub_bench; METRIC the name
#	                    tools/compare shows; BETTER lower, higher or none
#	log CASE LINE       a line of a case's own output (kunit's test log):
#	                    hackbench's and perf's between LAB-HACKBENCH-BEGIN
#	                    and -END (case hackbench_LABEL), the slab state
#	                    (LAB-SLAB, case slab_state)
#	error MESSAGE       a line it cannot read, as the record's parse error
# Lines it reads:
#   LAB-HACKBENCH-BEGIN <label> ...        starts a hackbench block
#   Time: <seconds>                        hackbench's own time, per run
#   <n> msec task-clock ... / <n> context-switches / ... (perf stat means)
#   <s> +- <e> seconds time elapsed        perf's mean elapsed time
#   LAB-MEMINFO <label> <Field>: <n> kB    /proc/meminfo after the block
#   LAB-SLUB-STATS <label> <counter> <n>   a SLUB_STATS counter summed over
#                                          every cache, for one traced run
#   LAB-SLUB-BENCH v2 test=T size=S cpu=C n=N reps=R alloc_ns_min=..
#     alloc_ns_med=.. free_ns_min=.. free_ns_med=.. [alloc_cycles_min=..
#     alloc_cycles_med=.. free_cycles_min=.. free_cycles_med=..]
#                                          copied by the guest from slub_bench
#                                          (one line; pair_* instead of
#                                          alloc_* and free_* for
#                                          test=alloc_free_pair)
#   LAB-SLAB <text>                        the slab merge and per-CPU
#                                          partial state (guest/lib.sh
#                                          slab_state)
# slub_bench gives metrics kmalloc<size>_<test>[_alloc|_free] in ns and,
# when the line has cycles (x86 with a TSC), the same names ending in
# _cycles, in cycles. The sample is the *_med field, the median of the
# module's timed runs: like the minimum it drops a run that an interrupt or
# a preemption slowed down, but it follows the typical cost rather than the
# luckiest run. The *_min fields are not read.
# Lines of any other slub_bench format version are a parse error: v1
# printed get_cycles() (0 or timer ticks on some architectures) of one
# cold run, and kmalloc16384 from the page allocator, so its numbers
# cannot sit in one table with v2's.
function out(kind, metric, value, unit, better, labels) {
	printf "m\t%s\t%s\t%s\t%s\t%s%s\n", kind, metric, value, unit, better, labels
}
# slub_out(metric, field, unit): the sample of field (pair, alloc or free)
# in unit (ns or cycles) of the slub_bench line in v[], if it has one.
function slub_out(metric, field, unit) {
	if (!((field "_" unit "_med") in v))
		return 0
	out("slub_bench", metric (unit == "cycles" ? "_cycles" : ""), v[field "_" unit "_med"], unit, "lower",
		"\ttest=" v["test"] "\tsize=" v["size"] "\tcpu=" v["cpu"] "\top=" field "\tclock=" unit)
	return 1
}
{ sub(/\r$/, "") }
/LAB-HACKBENCH-BEGIN / { label = $2; print "log\thackbench_" label "\t" $0; next }
/LAB-HACKBENCH-END / { print "log\thackbench_" label "\t" $0; label = ""; next }
label != "" { print "log\thackbench_" label "\t" $0 }
label != "" && /^Time: [0-9.]+$/ { out("hackbench", "hackbench_" label "_time", $2, "s", "lower", "\tmode=" label); next }
label != "" && /seconds time elapsed/ { out("hackbench", "perf_" label "_elapsed", $1, "s", "lower", "\tmode=" label); next }
label != "" && $2 == "msec" && $3 == "task-clock" {
	gsub(/,/, "", $1); out("hackbench", "perf_" label "_task_clock", $1, "ms", "lower", "\tmode=" label); next
}
label != "" && ($2 == "context-switches" || $2 == "cpu-migrations" || $2 == "page-faults") {
	gsub(/,/, "", $1); m = $2; gsub(/-/, "_", m)
	out("hackbench", "perf_" label "_" m, $1, "count", "none", "\tmode=" label); next
}
/^LAB-SLAB / { l = $0; sub(/^LAB-SLAB /, "", l); print "log\tslab_state\t" l; next }
/^LAB-SLUB-STATS [a-z_]+ [a-z_]+ [0-9]+$/ {
	out("slub_stats", "slubstats_" $2 "_" $3, $4, "count", "none", "\tmode=" $2 "\tcounter=" $3); next
}
/^LAB-MEMINFO / {
	f = $3; sub(/:$/, "", f)
	out("meminfo", "meminfo_" $2 "_" f, $4, "kB", "none", "\tmode=" $2 "\tfield=" f); next
}
/^LAB-SLUB-BENCH v2 test=/ {
	delete v
	for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
	name = "kmalloc" v["size"] "_" v["test"]
	ns = slub_out(name, "pair", "ns")
	ns += slub_out(name "_alloc", "alloc", "ns")
	ns += slub_out(name "_free", "free", "ns")
	if (!ns)
		printf "error\tslub_bench: line %d: a v2 line without *_ns_med fields\n", FNR
	slub_out(name, "pair", "cycles")
	slub_out(name "_alloc", "alloc", "cycles")
	slub_out(name "_free", "free", "cycles")
	next
}
/^LAB-SLUB-BENCH v[0-9]+ / && $2 != "v2" {
	if (!warned)
		printf "error\tslub_bench: line %d: %s lines skipped: only v2 is read (rebuild slub_bench.ko from the current series)\n",
			FNR, $2
	warned = 1
}
