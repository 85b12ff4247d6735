#!/bin/sh
# bench.sh: boot variants side by side and compare them. Every round boots
# each variant once, in an order rotated from round to round, and runs
# hackbench under perf stat in it, then once more per hackbench mode with
# lock-contention tracing (the attribution: who contends, SLUB or not).
# Each boot's record (result.json: lab/verdict/record.sh) holds its
# measurements; the tables are made from the records alone
# (lab/bench/samples.jq: samples.tsv, status.tsv, contention.tsv, and
# meta), then tools/compare prints tables with Welch's t-test and plots,
# and lab/bench/contention-table.awk the attribution table.
#
#   --variants "V..."   variants to compare, the first is the baseline
#                       (default: base-rt series-rt-raw series-nonrt base-nonrt;
#                       --galbraith: base-rt series-rt series-rt-raw series-nonrt)
#   --rounds N          boots per variant (default 3; --quick: 2)
#   --repeats N         perf stat -r N per hackbench mode (default 3; --quick: 2)
#   --loops N           hackbench -l N (default 100; --quick: 50)
#   --objects N         slub_bench objects per test, size and CPU
#                       (default 1024; --quick: 256)
#   --time wall|instructions|both
#                       guest clock under TCG: wall time (the default), or
#                       QEMU's icount instruction time (path length only:
#                       no emulated cost of a context switch), or both in
#                       one run (about 3 times as long)
#   --quick             fewer rounds, repeats and loops
#   --galbraith         Mike Galbraith's list_lock comparison, scaled for the
#                       emulator: one hackbench mode, -s 4096 (process
#                       sockets, -g 4), no microbenchmark
#   --out DIR           results folder (default results/<date>-bench)
#   --print-job         print the guest job the boots run, and nothing else
#   --tables DIR        an earlier run's tables made again from its records
#   --latency [OPTIONS] the latency guard instead (lab/bench/latency.sh, its own
#                       options)
set -u
. "$(dirname "$0")/../lib/common.sh"
if [ "${1:-}" = --latency ]; then
	shift
	exec sh "$LAB_ROOT/lab/bench/latency.sh" "$@"
fi
USAGE="bench.sh [--variants 'V...'] [--rounds N] [--repeats N] [--loops N] [--objects N] [--time wall|instructions|both] [--quick] [--galbraith] [--out DIR] [--print-job] [--tables DIR]"

variants= rounds= repeats= loops= objects= time=wall out= quick=0 galbraith=0 print_job=0 tables=
while [ $# -gt 0 ]; do
	case $1 in
	--variants) [ $# -ge 2 ] || usage_die "--variants needs a value"; variants=$2; shift 2 ;;
	--rounds) [ $# -ge 2 ] || usage_die "--rounds needs a value"; number "$1" "$2"; rounds=$2; shift 2 ;;
	--repeats) [ $# -ge 2 ] || usage_die "--repeats needs a value"; number "$1" "$2"; repeats=$2; shift 2 ;;
	--loops) [ $# -ge 2 ] || usage_die "--loops needs a value"; number "$1" "$2"; loops=$2; shift 2 ;;
	--objects) [ $# -ge 2 ] || usage_die "--objects needs a value"; number "$1" "$2"; objects=$2; shift 2 ;;
	--time) [ $# -ge 2 ] || usage_die "--time needs a value"; time=$2; shift 2 ;;
	--quick) quick=1; shift ;;
	--galbraith) galbraith=1; shift ;;
	--out) [ $# -ge 2 ] || usage_die "--out needs a value"; out=$2; shift 2 ;;
	--print-job) print_job=1; shift ;;
	--tables) [ $# -ge 2 ] || usage_die "--tables needs a value"; tables=$2; shift 2 ;;
	*) usage_die "unknown argument '$1'" ;;
	esac
done
case $time in
wall | instructions | both) ;;
*) usage_die "--time takes wall, instructions or both, not '$time'" ;;
esac
if [ $quick = 1 ]; then
	: "${rounds:=2}" "${repeats:=2}" "${loops:=50}" "${objects:=256}"
else
	: "${rounds:=3}" "${repeats:=3}" "${loops:=100}" "${objects:=1024}"
fi
# hackbench modes, a line each: the label of its samples and its
# arguments before -g 4 -l LOOPS.
if [ $galbraith = 1 ]; then
	: "${variants:=base-rt series-rt series-rt-raw series-nonrt}"
	hackbench_modes="galbraith -s 4096"
else
	: "${variants:=base-rt series-rt-raw series-nonrt base-nonrt}"
	hackbench_modes="process_sockets
process_pipes -p
thread_sockets -T
thread_pipes -T -p"
fi
# bench_job: the guest job: hackbench in every mode under perf stat, the
# slub_bench microbenchmark module, then the traced runs, so that the
# timed ones run with every tracepoint off, as before tracing was built
# in; the selftests last. Each traced mode must have run once and ended
# well (its #lab-case line: the guest's judge fails it otherwise).
bench_job() {
	echo "$hackbench_modes" | while read -r label args; do
		echo "#lab-case: contention.$label"
	done
	echo ". /lab/lib.sh"
	echo ". /lab/trace.sh"
	echo "lab_info"
	echo "fail=0"
	echo "$hackbench_modes" | while read -r label args; do
		echo "run_hackbench $label $repeats $args -g 4 -l $loops || fail=1"
	done
	[ $galbraith = 1 ] || echo "run_slub_bench nr_objects=$objects || fail=1"
	echo "contention_arm || fail=1"
	echo "$hackbench_modes" | while read -r label args; do
		echo "contention_run $label $args -g 4 -l $loops || fail=1"
	done
	# Every job runs the selftests its build ships (the guest's judge
	# expects their reports); after every measurement, so that their
	# sysfs walk and cache shrinking disturb none.
	echo "run_selftests || fail=1"
	echo "exit \$fail"
}
if [ $print_job = 1 ]; then
	bench_job
	exit 0
fi

# bench_tables: the tables of the run in $out (its modes $modes, its
# variants $variants in their order, $params and $command for meta), from
# the boots' records alone (lab/bench/samples.jq); a boot that left no
# record counts as crashed. Exits non-zero when a boot did not pass.
bench_tables() {
	for mode in $modes; do
		records=$(ls "$out/$mode"/r*/*/result.json 2>/dev/null)
		# shellcheck disable=SC2086 # the records' paths: no spaces (--out's own)
		{
			printf 'round\tvariant\tmetric\tvalue\tunit\tbetter\n'
			[ -z "$records" ] || jq -n -r --arg table samples -f "$LAB_ROOT/lab/bench/samples.jq" $records
		} >"$out/$mode/samples.tsv"
		# shellcheck disable=SC2086
		{
			printf 'round\tvariant\tstatus\tlog\n'
			[ -z "$records" ] || jq -n -r --arg table status -f "$LAB_ROOT/lab/bench/samples.jq" $records
			for d in "$out/$mode"/r*/*/; do
				[ -f "$d/result.json" ] || printf '%s\t%s\tcrashed\t%s\n' "$(basename "$(dirname "$d")" | tr -d r)" \
					"$(basename "$d")" "${d}console.log"
			done
		} >"$out/$mode/status.tsv"
		# shellcheck disable=SC2086
		{
			printf 'round\tvariant\tmode\tcaller\tobject\tlock\tcount\twait_ns\n'
			[ -z "$records" ] || jq -n -r --arg table contention -f "$LAB_ROOT/lab/bench/samples.jq" $records
		} >"$out/$mode/contention.tsv"
		# meta: what ran, from the records (the lab's commit, each variant's
		# tree and its commit, QEMU's accelerator), and how.
		# shellcheck disable=SC2086
		{
			[ -z "$records" ] || jq -n -r '[inputs] | sort_by(.run.started) | (.[0] | "date=\(.run.started)",
				"lab=\(.lab.commit)", "accel=\(.run.accel)"),
				(unique_by(.variant.name)[] | "source_\(.variant.name)=\(.variant.tree) \(.variant.tree_commit // "")")' $records
			echo "host_cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
			echo "host_cpus=$(nproc)"
			echo "variants=$variants"
			[ -z "$params" ] || echo "$params"
			echo "time=$mode"
			[ -z "$command" ] || echo "command=$command"
		} >"$out/$mode/meta"
	done

	for mode in $modes; do
		case $mode in
		wall) what="wall time" ;;
		instructions) what="instruction time (QEMU's icount: code-path length only, no cache or contention effects)" ;;
		esac
		[ $accel = tcg ] && what="$what, under TCG emulation"
		{
			echo "== $what"
			"$LAB_ROOT/tools/compare/compare" "$out/$mode"
		} >"$out/$mode/table.txt" 2>&1
		# The plot shows the headline metrics only: hackbench's times and the
		# alloc/free pair cost of three kmalloc sizes.
		plot_metrics=$(awk -F '\t' 'NR > 1 && !seen[$3]++ &&
			($3 ~ /^hackbench_.*_time$/ || $3 ~ /^kmalloc(8|256|4096)_alloc_free_pair$/) {
				printf "--metric %s ", $3 }' "$out/$mode/samples.tsv")
		# shellcheck disable=SC2086
		"$LAB_ROOT/tools/compare/compare" --plot "$out/$mode/plot" $plot_metrics "$out/$mode" \
			>/dev/null 2>>"$out/$mode/table.txt"
		awk -v order="$variants" -f "$LAB_ROOT/lab/bench/contention-table.awk" "$out/$mode/contention.tsv" \
			"$out/$mode/samples.tsv" >"$out/$mode/contention.txt" 2>&1
		sh "$LAB_ROOT/lab/bench/contention-plot.sh" "$out/$mode" >>"$out/$mode/contention.txt" 2>&1
		"$LAB_ROOT/tools/compare/compare" --format csv "$out/$mode" >"$out/$mode/summary.csv" 2>/dev/null
		"$LAB_ROOT/tools/compare/compare" --format json "$out/$mode" >"$out/$mode/summary.json" 2>/dev/null
		cat "$out/$mode/table.txt"
		echo "plot: $out/$mode/plot.png ($out/$mode/plot.svg)"
		echo "== lock contention, $what"
		cat "$out/$mode/contention.txt"
		[ ! -s "$out/$mode/contention.png" ] ||
			echo "plot: $out/$mode/contention.png ($out/$mode/contention.svg)"
	done
	# Each boot as a JUnit case for CI: ok passes; timeout, crashed or failed
	# fails, with the record's reasons and the console log's path.
	for mode in $modes; do
		tail -n +2 "$out/$mode/status.tsv" | while IFS='	' read -r r v st con; do
			dir=${con%/console.log} detail=
			if [ "$st" != ok ]; then
				detail=$dir.failed
				{
					echo "$st"
					jq -r '.results.reasons[]' "$dir/result.json" 2>/dev/null || cat "$dir.boot"
					echo "console log: $con"
				} >"$detail"
			fi
			printf 'bench %s time\tround %s %s\t%s\t\t%s\n' "$mode" "$r" "$v" \
				"$([ "$st" = ok ] && echo pass || echo fail)" "$detail"
		done
	done >"$out/cases.tsv"
	"$LAB_ROOT/tools/junit/junit" --name "make bench" -o "$out/junit.xml" "$out/cases.tsv" &&
		echo "junit: $out/junit.xml"
	echo "results: $out"
	failed=$(cat "$out"/*/status.tsv | awk -F '\t' 'NR > 1 && $3 != "ok" && $3 != "status"' | wc -l)
	[ "$failed" = 0 ] || die "$failed boot(s) did not finish cleanly; see status.tsv and their records"
}

# --tables DIR: an earlier run's tables again, from its records.
if [ -n "$tables" ]; then
	out=$tables
	modes=$(for d in "$out"/*/r1; do [ -d "$d" ] && basename "$(dirname "$d")"; done)
	[ -n "$modes" ] || die "$out holds no bench run (no MODE/r1/ folder)"
	meta=$out/$(echo $modes | cut -d' ' -f1)/meta
	variants=$(sed -n 's/^variants=//p' "$meta" 2>/dev/null)
	[ -n "$variants" ] || variants=$(jq -r -s 'sort_by(.run.started) | map(.variant.name) | unique[]' "$out"/*/r*/*/result.json)
	params=$(grep '^rounds=' "$meta" 2>/dev/null) command=$(sed -n 's/^command=//p' "$meta" 2>/dev/null)
	accel=$(jq -r -s 'map(.run.accel) | unique | join(",")' "$out"/*/r*/*/result.json)
	make -s -C "$LAB_ROOT/tools/compare" && make -s -C "$LAB_ROOT/tools/junit" || die "the compare tool or the JUnit writer does not build"
	bench_tables
	exit
fi
[ -n "$(echo $variants)" ] || usage_die "--variants is empty"
[ "$objects" -ge 64 ] || usage_die "--objects must be at least 64 (slub_bench's bulk batch), not $objects"
for v in $variants; do load_variant "$v"; done

[ -n "$out" ] || out=$LAB_RESULTS/$(date +%Y%m%d-%H%M%S)-bench
mkdir -p "$out"
make -s -C "$LAB_ROOT/tools/compare" || die "the compare tool does not build"
make -s -C "$LAB_ROOT/tools/junit" || die "the JUnit writer does not build"

for v in $variants; do
	build_variants "$out" "$v"
	# Every variant must run the same microbenchmark, or its rows go missing.
	load_variant "$v"
	[ -f "$V_OBJ/slub_bench/slub_bench.ko" ] ||
		die "$v has no slub_bench.ko: add the bench fragment (configs/bench.config) to variants/$V_BUILD.variant"
	grep -q '^CONFIG_HIST_TRIGGERS=y' "$V_OBJ/.config" ||
		die "$v cannot trace lock contention: add the bench fragment (configs/bench.config) to variants/$V_BUILD.variant"
	# Where each function lives, to name the callers of contended locks
	# (each boot's record makes its own: lab/verdict/record.sh).
	text_objects "$V_OBJ" >"$out/functions.check"
	grep -q '	mm/slub\.o	' "$out/functions.check" && grep -q '	kernel/locking/' "$out/functions.check" ||
		die "no function list for $v (nm over $V_OBJ)"
	rm -f "$out/functions.check"
done
load_variant "$(echo $variants | cut -d' ' -f1)"
kernel=$V_OBJ/arch/x86/boot/bzImage
accel=tcg
kvm_boots "$kernel" && accel=kvm
[ $accel = kvm ] && [ "$time" != wall ] &&
	usage_die "--time $time needs TCG; with KVM only wall time is measured"
case $time in
wall) modes=wall ;;
instructions) modes=instructions ;;
both) modes="wall instructions" ;;
esac

job=$out/job.sh
bench_job >"$job"
params="rounds=$rounds repeats=$repeats loops=$loops objects=$objects time=$time galbraith=$galbraith"
command="lab/bench/bench.sh --variants '$variants' --rounds $rounds --repeats $repeats --loops $loops --objects $objects --time $time$([ $galbraith = 0 ] || echo ' --galbraith')"

nv=$(echo $variants | wc -w)
nm=$(echo $modes | wc -w)
total=$((rounds * nv * nm))
step=0
started=$(date +%s)
r=1
while [ $r -le $rounds ]; do
	order=$(rotate $r $variants)
	for mode in $modes; do
		for v in $order; do
			step=$((step + 1))
			dir=$out/$mode/r$r/$v
			mkdir -p "$dir"
			# --native-cpu: the guest's raw spinlocks queue as on bare
			# metal, and their contention is traced.
			flags=
			[ $accel = tcg ] && flags=--native-cpu
			[ $mode = instructions ] && flags="$flags --icount"
			t0=$(date +%s)
			# shellcheck disable=SC2086
			sh "$LAB_ROOT/lab/run/boot.sh" --accel $accel $flags --purpose bench \
				--label round=$r --label time=$mode --out "$dir" "$v" "$job" >"$dir.boot" 2>&1
			status=$(jq -r '.results.status // "incomplete"' "$dir/result.json" 2>/dev/null || echo incomplete)
			log "round $r/$rounds, $mode time, $v: $status ($(($(date +%s) - t0)) s); $(time_left $step $total $started)"
		done
	done
	r=$((r + 1))
done

bench_tables
