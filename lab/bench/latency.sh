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
# length); the longest per pair of start and end sites
# go to sections.tsv with the sites named from the build's System.map, and
# latency-table.awk prints, per variant and burst size, the longest
# section, the longest one begun or ended in mm/slub.c, and cyclictest's
# figures.
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
set -u
. "$(dirname "$0")/../lib/common.sh"
USAGE="latency.sh [--variants 'V...'] [--bursts 'N...'] [--rounds N] [--loops N] [--time instructions|wall] [--cpus N] [--preempt-min N] [--tracer on|off] [--burst-args ARGS] [--append PARAMS] [--out DIR]"

variants="base-rt-latency series-rt-latency series-rt-raw-latency"
bursts="1000 10000" rounds=2 loops=20 time=instructions cpus= preempt_min=4000 tracer=off burst_args= append= out=
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
	*) usage_die "unknown argument '$1'" ;;
	esac
done
case $time in
instructions) flags=--icount; : "${cpus:=1}" ;;
wall) flags=; : "${cpus:=2}" ;;
*) usage_die "--time takes instructions or wall, not '$time'" ;;
esac
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
	# The sites are offsets from _stext; these name them.
	cp "$V_OBJ/System.map" "$out/System.map-$v"
	nm --defined-only "$V_OBJ/mm/slub.o" | awk '$2 ~ /^[tTwW]$/ { print $3 }' >"$out/slub-functions-$v"
done
accel=tcg
load_variant "$(echo $variants | cut -d' ' -f1)"
[ "$time" = wall ] && kvm_boots "$V_OBJ/arch/x86/boot/bzImage" && accel=kvm

{
	echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "lab=$(git -C "$LAB_ROOT" rev-parse HEAD 2>/dev/null)"
	echo "series=$(git -C "$(tree_dir series)" rev-parse HEAD 2>/dev/null)"
	echo "accel=$accel time=$time cpus=$cpus"
	echo "command=lab/bench/latency.sh --variants '$variants' --bursts '$bursts' --rounds $rounds --loops $loops --time $time --cpus $cpus --preempt-min $preempt_min --tracer $tracer --burst-args '$burst_args' --append '$append'"
} >"$out/meta"
printf 'round\tvariant\tburst\tkind\tmax_ns\tcount\tslub\tstart\tstart_caller\tend\tend_caller\n' >"$out/sections.tsv"
printf 'round\tvariant\tburst\tthreads\tsamples\tmax_us\tp999_us\toverflows\n' >"$out/cyclictest.tsv"
printf 'round\tvariant\tburst\tstatus\tlog\n' >"$out/status.tsv"
: >"$out/parse.txt"

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
			echo "#lab-expect: LAB-BURST slabs=$b bursts=[1-9]"
			echo "#lab-expect: LAB-WALK passes=[1-9]"
			echo "#lab-expect: LAB-HACKBENCH-END threads status=0"
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
			LAB_SMP=$cpus sh "$LAB_ROOT/lab/run/boot.sh" --accel $accel $flags --timeout 1800 \
				--append "$append" --out "$dir" "$v" "$job" >"$dir.boot" 2>&1
			# The run's record (lab/verdict/record.sh) says how it ended.
			status=$(jq -r .status "$dir/result.json" 2>/dev/null || echo crashed)
			# Raw sections first, then the verdict.
			if ! awk -v round=$r -v variant="$v" -v burst=$b -v cyclictest="$dir.cyclictest" \
				-f "$LAB_ROOT/lab/bench/latency-parse.awk" "$out/System.map-$v" \
				"$out/slub-functions-$v" "$dir/console.log" >"$dir.sections" 2>"$dir.parse"; then
				status=unparsed
			fi
			# Refusals and warnings (a histogram that dropped entries) alike.
			sed 's/^/    /' "$dir.parse" >&2
			sed "s|^|round $r, burst $b, $v: |" "$dir.parse" >>"$out/parse.txt"
			cat "$dir.sections" >>"$out/sections.tsv"
			cat "$dir.cyclictest" >>"$out/cyclictest.tsv" 2>/dev/null
			printf '%s\t%s\t%s\t%s\t%s\n' $r "$v" "$b" $status "$dir/console.log" >>"$out/status.tsv"
			log "round $r/$rounds, burst $b, $v: $status ($(($(date +%s) - t0)) s); $(time_left $step $total $started)"
		done
	done
	r=$((r + 1))
done

{
	echo "== longest interrupts-off and preemption-off sections ($time time, $cpus CPUs$([ $accel = tcg ] && echo ', under TCG emulation'); preemption-off: sections of at least $preempt_min ns)"
	awk -F '\t' -f "$LAB_ROOT/lab/bench/latency-table.awk" "$out/sections.tsv" "$out/cyclictest.tsv"
	[ $accel = tcg ] && echo "cyclictest under TCG: emulator jitter, meaningful on KVM or hardware only"
	# The parser's warnings belong with the numbers they qualify.
	cat "$out/parse.txt"
} >"$out/table.txt"
cat "$out/table.txt"
echo "results: $out"
failed=$(awk -F '\t' 'NR > 1 && $4 != "ok"' "$out/status.tsv" | wc -l)
[ "$failed" = 0 ] || die "$failed boot(s) did not finish cleanly; see status.tsv and their console logs"
