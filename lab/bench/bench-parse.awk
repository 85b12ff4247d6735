# bench-parse.awk: turn a bench guest's console log into samples.tsv lines
# (round, variant, metric, value, unit, better). Set round= and variant=
# with -v. Lines it reads:
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
# slub_bench gives metrics kmalloc<size>_<test>[_alloc|_free] in ns and,
# when the line has cycles (x86 with a TSC), the same names ending in
# _cycles, in cycles. The sample is the *_med field, the median of the
# module's timed runs: like the minimum it drops a run that an interrupt or
# a preemption slowed down, but it follows the typical cost rather than the
# luckiest run. The *_min fields are not read.
# Lines of any other slub_bench format version are skipped, with a warning
# on stderr and exit status 1: v1 printed get_cycles() (0 or timer ticks on
# some architectures) of one cold run, and kmalloc16384 from the page
# allocator, so its numbers cannot sit in one table with v2's.
function out(metric, value, unit, better) {
	printf "%s\t%s\t%s\t%s\t%s\t%s\n", round, variant, metric, value, unit, better
}
# slub_out(metric, field, unit): the sample of field (pair, alloc or free)
# in unit (ns or cycles) of the slub_bench line in v[], if it has one.
function slub_out(metric, field, unit) {
	if (!((field "_" unit "_med") in v))
		return 0
	out(metric (unit == "cycles" ? "_cycles" : ""), v[field "_" unit "_med"], unit, "lower")
	return 1
}
{ sub(/\r$/, "") }
/LAB-HACKBENCH-BEGIN / { label = $2; next }
/LAB-HACKBENCH-END / { label = ""; next }
label != "" && /^Time: [0-9.]+$/ { out("hackbench_" label "_time", $2, "s", "lower"); next }
label != "" && /seconds time elapsed/ { out("perf_" label "_elapsed", $1, "s", "lower"); next }
label != "" && $2 == "msec" && $3 == "task-clock" {
	gsub(/,/, "", $1); out("perf_" label "_task_clock", $1, "ms", "lower"); next
}
label != "" && ($2 == "context-switches" || $2 == "cpu-migrations" || $2 == "page-faults") {
	gsub(/,/, "", $1); m = $2; gsub(/-/, "_", m)
	out("perf_" label "_" m, $1, "count", "none"); next
}
/^LAB-SLUB-STATS [a-z_]+ [a-z_]+ [0-9]+$/ { out("slubstats_" $2 "_" $3, $4, "count", "none"); next }
/^LAB-MEMINFO / { f = $3; sub(/:$/, "", f); out("meminfo_" $2 "_" f, $4, "kB", "none"); next }
/^LAB-SLUB-BENCH v2 test=/ {
	delete v
	for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
	name = "kmalloc" v["size"] "_" v["test"]
	ns = slub_out(name, "pair", "ns")
	ns += slub_out(name "_alloc", "alloc", "ns")
	ns += slub_out(name "_free", "free", "ns")
	if (!ns) {
		printf "bench-parse: %s:%d: slub_bench v2 line without *_ns_med fields\n",
			FILENAME, FNR >"/dev/stderr"
		bad = 1
	}
	slub_out(name, "pair", "cycles")
	slub_out(name "_alloc", "alloc", "cycles")
	slub_out(name "_free", "free", "cycles")
	next
}
/^LAB-SLUB-BENCH v[0-9]+ / && $2 != "v2" {
	if (!(FILENAME in warned))
		printf "bench-parse: %s:%d: slub_bench %s lines skipped: only v2 is parsed (rebuild slub_bench.ko from the current series)\n",
			FILENAME, FNR, $2 >"/dev/stderr"
	warned[FILENAME] = 1
	bad = 1
	next
}
END { exit bad }
