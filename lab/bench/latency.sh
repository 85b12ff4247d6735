#!/bin/sh
# latency.sh (make bench BENCH_ARGS=--latency): the latency guard. Boots
# each variant with the kernel's latency tracers (configs/latency.config)
# under a load that stresses SLUB's lists: hackbench, a loop reading every
# slab attribute and shrinking every cache (guest/load.sh slab_walk_start,
# the same on base and series kernels), and slab_burst
# (guest/modules/) leaving thousands of partial slabs and freeing them from
# another CPU, again and again; cyclictest runs beside it. Every
# interrupts-off and preemption-off section is timed in the guest
# (guest/trace.sh latency_arm), the preemption-off ones also apart from
# those a hardware interrupt entered (preemptoff-noirq: an interrupt is
# handled inside a preemption-off section on PREEMPT_RT and would set its
# length). Each boot's record (result.json: the one console parser names
# the sites from the build's System.map, lab/bench/latency-parse.awk) holds
# the longest section per pair of start and end sites and cyclictest's
# figures; sections.tsv, cyclictest.tsv and status.tsv are made from the
# records (lab/bench/samples.jq), and latency-table.awk prints, per
# variant and burst size, the longest section, the longest one begun or
# ended in mm/slub.c, and cyclictest's figures.
#
#   --variants "V..."   default: base-rt-latency series-rt-latency
#                       series-rt-raw-latency
#   --bursts "N..."     slab_burst sizes in slabs, one boot each (default
#                       "1000 10000")
#   --rounds N          boots per variant and burst size (default 2)
#   --loops N           hackbench -l N (default 20)
#   --time instructions|wall
#                       guest clock under TCG (default instructions: QEMU
#                       -icount, a section's length is the instructions
#                       it executed; wall time is the emulator's, inflated
#                       and noisy)
#   --cpus N            guest CPUs (default: 1 in instruction time, 2 in
#                       wall time). With -icount QEMU runs the vCPUs in
#                       turn on one thread, so on 2 vCPUs a section also
#                       counts what the other one ran meanwhile (seen: the
#                       longest section 8 ms on 2 vCPUs, 40 us on 1); on
#                       1 vCPU the burst frees from another thread.
#   --preempt-min N     time only the preemption-off sections of at least
#                       N ns (default 4000; 0: all of them, which under
#                       the full load are more distinct stacks than the
#                       histogram holds: it drops the rest and says so)
#   --tracer on|off     run the kernel's preemptirqsoff tracer beside the
#                       histograms, for the stack of the longest section
#                       (default off: its start runs inside every timed
#                       preemption-off section and lengthens each)
#   --burst-args "ARGS" module parameters for slab_burst (for example
#                       "bulk=1 size=8": small objects, a slab's first
#                       frees in one kmem_cache_free_bulk(), which with
#                       slab_debug= is one list_lock hold of checks)
#   --append "PARAMS"   kernel parameters added to every boot (for example
#                       slab_cpu_partial=1024, the longest per-CPU partial
#                       lists SLUB allows)
#   --out DIR           results folder (default results/<date>-latency)
#   --tables DIR        an earlier run's tables made again from its records
set -u
. "$(dirname "$0")/../lib/common.sh"
USAGE="latency.sh [--variants 'V...'] [--bursts 'N...'] [--rounds N] [--loops N] [--time instructions|wall] [--cpus N] [--preempt-min N] [--tracer on|off] [--burst-args ARGS] [--append PARAMS] [--out DIR] [--tables DIR]"

variants="base-rt-latency series-rt-latency series-rt-raw-latency"
bursts="1000 10000" rounds=2 loops=20 time=instructions cpus= preempt_min=4000 tracer=off burst_args= append= out= tables=
while [ $# -gt 0 ]; do
	case $1 in
	--variants) [ $# -ge 2 ] || usage_die "--variants needs a value"; variants=$2; shift 2 ;;
	--bursts) [ $# -ge 2 ] || usage_die "--bursts needs a value"; bursts=$2; shift 2 ;;
	--rounds) [ $# -ge 2 ] || usage_die "--rounds needs a value"; number "$1" "$2"; rounds=$2; shift 2 ;;
	--loops) [ $# -ge 2 ] || usage_die "--loops needs a value"; number "$1" "$2"; loops=$2; shift 2 ;;
	--time) [ $# -ge 2 ] || usage_die "--time needs a value"; time=$2; shift 2 ;;
	--cpus) [ $# -ge 2 ] || usage_die "--cpus needs a value"; number "$1" "$2"; cpus=$2; shift 2 ;;
	--preempt-min)
		[ $# -ge 2 ] || usage_die "--preempt-min needs a value"
		case $2 in '' | *[!0-9]*) usage_die "--preempt-min takes a whole number of ns, not '$2'" ;; esac
		preempt_min=$2
		shift 2
		;;
	--tracer)
		[ $# -ge 2 ] || usage_die "--tracer needs a value"
		case $2 in on | off) tracer=$2 ;; *) usage_die "--tracer takes on or off, not '$2'" ;; esac
		shift 2
		;;
	--burst-args)
		[ $# -ge 2 ] || usage_die "--burst-args needs a value"
		case $2 in *[!a-z0-9=\ ]*) usage_die "--burst-args takes slab_burst's NAME=VALUE parameters, not '$2'" ;; esac
		burst_args=$2
		shift 2
		;;
	--append) [ $# -ge 2 ] || usage_die "--append needs a value"; append=$2; shift 2 ;;
	--out) [ $# -ge 2 ] || usage_die "--out needs a value"; out=$2; shift 2 ;;
	--tables) [ $# -ge 2 ] || usage_die "--tables needs a value"; tables=$2; shift 2 ;;
	*) usage_die "unknown argument '$1'" ;;
	esac
done
case $time in
instructions) flags=--icount; : "${cpus:=1}" ;;
wall) flags=; : "${cpus:=2}" ;;
*) usage_die "--time takes instructions or wall, not '$time'" ;;
esac
# latency_tables: the tables of the run in $out, from its boots' records
# alone (lab/bench/samples.jq); its header line and meta are kept. Exits
# non-zero when a boot did not pass.
latency_tables() {
	records=$(ls "$out"/r*/*/result.json 2>/dev/null)
	: >"$out/sections.rows" >"$out/cyclictest.rows" >"$out/runs.rows" >"$out/notes.rows"
	for t in sections cyclictest runs notes; do
		# shellcheck disable=SC2086 # the records' paths: no spaces (--out's own)
		[ -z "$records" ] || jq -n -r --arg table $t -f "$LAB_ROOT/lab/bench/samples.jq" $records >"$out/$t.rows"
	done
	{ printf 'round\tvariant\tburst\tkind\tmax_ns\tcount\tslub\tstart\tstart_caller\tend\tend_caller\n'
	  cat "$out/sections.rows"; } >"$out/sections.tsv"
	{ printf 'round\tvariant\tburst\tthreads\tsamples\tmax_us\tp999_us\toverflows\n'
	  cat "$out/cyclictest.rows"; } >"$out/cyclictest.tsv"
	{ printf 'round\tvariant\tburst\tstatus\tlog\n'
	  cat "$out/runs.rows"; } >"$out/status.tsv"
	# What the parser refused or warned of, by boot.
	awk -F '\t' '{ print "round " $1 ", burst " $3 ", " $2 ": " $4 }' "$out/notes.rows" >"$out/parse.txt"
	rm -f "$out"/*.rows
	{
		sed -n 1p "$out/table.txt" 2>/dev/null | grep '^== ' || echo "== longest interrupts-off and preemption-off sections"
		awk -F '\t' -f "$LAB_ROOT/lab/bench/latency-table.awk" "$out/sections.tsv" "$out/cyclictest.tsv"
		grep -q '^accel=tcg' "$out/meta" 2>/dev/null && echo "cyclictest under TCG: emulator jitter, meaningful on KVM or hardware only"
		# The parser's warnings belong with the numbers they qualify.
		cat "$out/parse.txt"
	} >"$out/table.txt.new" && mv "$out/table.txt.new" "$out/table.txt"
	cat "$out/table.txt"
	echo "results: $out"
	failed=$(awk -F '\t' 'NR > 1 && $4 != "ok"' "$out/status.tsv" | wc -l)
	[ "$failed" = 0 ] || die "$failed boot(s) did not finish cleanly; see status.tsv and their records"
}
if [ -n "$tables" ]; then
	out=$tables
	ls "$out"/r*/*/result.json >/dev/null 2>&1 || die "$out holds no latency run's records (rN/VARIANT-BURST/result.json)"
	latency_tables
	exit
fi

[ -n "$variants" ] || usage_die "--variants is empty"
[ -n "$bursts" ] || usage_die "--bursts is empty"
for b in $bursts; do number "--bursts" "$b"; done
for v in $variants; do load_variant "$v"; done

[ -n "$out" ] || out=$LAB_RESULTS/$(date +%Y%m%d-%H%M%S)-latency
mkdir -p "$out"
for v in $variants; do
	build_variants "$out" "$v"
	load_variant "$v"
	grep -q '^CONFIG_IRQSOFF_TRACER=y' "$V_OBJ/.config" ||
		die "$v has no latency tracers: add the latency fragment (configs/latency.config) to variants/$V_BUILD.variant"
	[ -f "$V_OBJ/lab-modules/slab_burst.ko" ] ||
		die "$v has no slab_burst.ko (CONFIG_MODULES is off)"
	# The sites are offsets from _stext; these name them (each boot's
	# record takes them from the build: lab/verdict/record.sh).
	[ -f "$V_OBJ/System.map" ] && [ -f "$V_OBJ/mm/slub.o" ] ||
		die "$v has no System.map or mm/slub.o to name the sites with"
done
accel=tcg
load_variant "$(echo $variants | cut -d' ' -f1)"
[ "$time" = wall ] && kvm_boots "$V_OBJ/arch/x86/boot/bzImage" && accel=kvm

# meta: how it ran; what ran (commits) is in each boot's record.
{
	echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "accel=$accel time=$time cpus=$cpus"
	echo "command=lab/bench/latency.sh --variants '$variants' --bursts '$bursts' --rounds $rounds --loops $loops --time $time --cpus $cpus --preempt-min $preempt_min --tracer $tracer --burst-args '$burst_args' --append '$append'"
} >"$out/meta"

nb=$(echo $bursts | wc -w)
nv=$(echo $variants | wc -w)
total=$((rounds * nb * nv)) step=0 started=$(date +%s)
r=1
while [ $r -le $rounds ]; do
	order=$(rotate $r $variants)
	for b in $bursts; do
		job=$out/job-$b.sh
		{
			# The load must have run, or a quiet boot would pass.
			echo "#lab-case: slab_burst"
			echo "#lab-case: slab_walk"
			echo "#lab-case: hackbench.threads"
			echo ". /lab/lib.sh"
			echo ". /lab/load.sh"
			echo ". /lab/trace.sh"
			echo "lab_info"
			echo "run_selftests"
			echo "#lab-expect: LAB-CALIBRATE runs=[1-9]"
			echo "latency_arm $preempt_min $([ $tracer = on ] && echo tracer || echo notracer) || exit 1"
			echo "latency_calibrate"
			echo "cyclictest_start"
			echo "slab_burst_start $b $burst_args"
			echo "slab_walk_start"
			echo "run_hackbench pipes 1 -p -g 4 -l $loops"
			echo "run_hackbench threads 1 -T -g 4 -l $loops"
			echo "slab_walk_stop"
			echo "slab_burst_stop"
			echo "cyclictest_stop"
			echo "latency_report"
		} >"$job"
		for v in $order; do
			step=$((step + 1))
			dir=$out/r$r/$v-$b
			mkdir -p "$dir"
			t0=$(date +%s)
			# shellcheck disable=SC2086
			sh "$LAB_ROOT/lab/run/boot.sh" --accel $accel $flags --purpose latency --smp "$cpus" \
				--label round=$r --label burst=$b --append "$append" --out "$dir" "$v" "$job" >"$dir.boot" 2>&1
			# The run's record says how it ended, and what its parser
			# could not read or warned of.
			status=$(jq -r '.results.status // "incomplete"' "$dir/result.json" 2>/dev/null || echo incomplete)
			jq -r '(.results.parse_errors + .results.parse_warnings)[] | "    " + .' "$dir/result.json" >&2 2>/dev/null
			log "round $r/$rounds, burst $b, $v: $status ($(($(date +%s) - t0)) s); $(time_left $step $total $started)"
		done
	done
	r=$((r + 1))
done

echo "== longest interrupts-off and preemption-off sections ($time time, $cpus CPUs$([ $accel = tcg ] && echo ', under TCG emulation'); preemption-off: sections of at least $preempt_min ns)" >"$out/table.txt"
latency_tables
