# bench-parse.awk: turn a bench guest's console log into samples.tsv lines
# (round, variant, metric, value, unit, better). Set round= and variant=
# with -v. Lines it reads:
#   LAB-HACKBENCH-BEGIN <label> ...        starts a hackbench block
#   Time: <seconds>                        hackbench's own time, per run
#   <n> msec task-clock ... / <n> context-switches / ... (perf stat means)
#   <s> +- <e> seconds time elapsed        perf's mean elapsed time
#   LAB-MEMINFO <label> <Field>: <n> kB    /proc/meminfo after the block
#   LAB-SLUB-BENCH v1 test=T size=S cpu=C n=N alloc=A free=F (or pair=P),
#                                          copied by the guest from slub_bench
function out(metric, value, unit, better) {
	printf "%s\t%s\t%s\t%s\t%s\t%s\n", round, variant, metric, value, unit, better
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
/^LAB-MEMINFO / { f = $3; sub(/:$/, "", f); out("meminfo_" $2 "_" f, $4, "kB", "none"); next }
/^LAB-SLUB-BENCH v1 test=/ {
	delete v
	for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
	name = "kmalloc" v["size"] "_" v["test"]
	if ("pair" in v)
		out(name, v["pair"], "cycles", "lower")
	if ("alloc" in v)
		out(name "_alloc", v["alloc"], "cycles", "lower")
	if ("free" in v)
		out(name "_free", v["free"], "cycles", "lower")
	next
}
