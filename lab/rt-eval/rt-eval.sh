#!/bin/sh
# rt-eval.sh: the latency check an RT user runs on their own machine, as
# root, on the kernel under test (modelled on rteval and mmtests'
# cyclictest-hackbench). cyclictest measures wakeup latency on every CPU
# at RT priority while three loads run beside it:
#   hackbench   process groups talking over sockets, in a loop;
#   slab        every cache shrunk through sysfs, again and again, and a
#               module that creates and destroys slab caches loaded and
#               unloaded;
#   memcg       memory groups created with a limit, a short hackbench run
#               in each, and removed (kernel memory accounting, cgroup
#               teardown).
# It writes, into DIR (emptied of an earlier run's files first):
# cyclictest.json (cyclictest's own record, every
# CPU's histogram in us), identity.txt (the kernel and the machine),
# load.tsv (how often each load ran: a load that never ran fails the
# check), summary.tsv (per CPU: samples, min, avg, max, p99, p99.9, all
# in us), dmesg-new.txt (the kernel log of the run), report.txt, the
# text to post, also for a failed run, and result.json, the run's record
# (record.jq: each check a case, each CPU's figures a measurement), which
# compare.sh reads. Exits non-zero when cyclictest
# fails, a load never ran or failed, or the kernel logged a splat during
# the run (or its log wrapped, so that this cannot be told).
#
#   --duration T     cyclictest's run time: N followed by s, m or h
#                    (default 10m)
#   --out DIR        results folder (default ./rt-eval-<kernel>-<date>)
#   --priority N     cyclictest's SCHED_FIFO priority (default 95)
#   --interval US    cyclictest's wakeup interval (default 1000)
#   --limit US       histogram buckets 0..US-1; longer samples count as
#                    overflows (default 2000)
#   --groups N       hackbench -g (default: 2 per CPU)
#   --no-load        cyclictest alone (an idle baseline)
set -u
here=$(cd "$(dirname "$0")" && pwd)
USAGE="rt-eval.sh [--duration T] [--out DIR] [--priority N] [--interval US] [--limit US] [--groups N] [--no-load]"

die() { echo "rt-eval: $*" >&2; exit 1; }
usage_die() { echo "rt-eval: $*" >&2; echo "usage: $USAGE" >&2; exit 2; }
say() { echo "rt-eval: $*"; }
whole() { case $2 in '' | *[!0-9]* | 0*) usage_die "$1 takes a positive whole number, not '$2'" ;; esac; }

ncpu=$(getconf _NPROCESSORS_ONLN)
duration=10m out= priority=95 interval=1000 limit=2000 groups=$((2 * ncpu)) load=1
while [ $# -gt 0 ]; do
	case $1 in
	--duration | --out | --priority | --interval | --limit | --groups)
		[ $# -ge 2 ] || usage_die "$1 needs a value" ;;
	esac
	case $1 in
	--duration)
		case $2 in
		[1-9]*[smh] | [1-9]*) ;;
		*) usage_die "--duration takes N followed by s, m or h, not '$2'" ;;
		esac
		case ${2%[smh]} in *[!0-9]*) usage_die "--duration takes N followed by s, m or h, not '$2'" ;; esac
		duration=$2
		shift 2 ;;
	--out) out=$2; shift 2 ;;
	--priority) whole "$1" "$2"; [ "$2" -le 99 ] || usage_die "--priority is at most 99"; priority=$2; shift 2 ;;
	--interval) whole "$1" "$2"; interval=$2; shift 2 ;;
	--limit) whole "$1" "$2"; limit=$2; shift 2 ;;
	--groups) whole "$1" "$2"; groups=$2; shift 2 ;;
	--no-load) load=0; shift ;;
	-h | --help) echo "usage: $USAGE"; exit 0 ;;
	*) usage_die "unknown argument '$1'" ;;
	esac
done

[ "$(id -u)" = 0 ] || die "run me as root: cyclictest needs SCHED_FIFO and mlockall, the loads sysfs and modprobe"
for c in cyclictest hackbench jq; do
	command -v $c >/dev/null 2>&1 ||
		die "'$c' is missing: apt install rt-tests jq"
done
[ -f "$here/summary.jq" ] && [ -f "$here/record.jq" ] ||
	die "summary.jq or record.jq is missing: keep them beside rt-eval.sh"
# Installed, splat-patterns sits beside this script; in the lab's tree, in
# lab/verdict/.
splats=$here/splat-patterns
[ -f "$splats" ] || splats=$here/../verdict/splat-patterns
[ -f "$splats" ] || die "splat-patterns is missing: keep it beside rt-eval.sh"
[ -n "$out" ] || out=./rt-eval-$(uname -r)-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$out" || die "cannot create $out"
out=$(cd "$out" && pwd)
# A folder used before keeps nothing of that run.
rm -f "$out/cyclictest.json" "$out/cyclictest.out" "$out/summary.tsv" "$out/report.txt" \
	"$out/load.tsv" "$out"/load-*.count "$out/splats.txt" "$out/dmesg-new.txt" "$out/.stop" \
	"$out/cases.tsv" "$out/result.json"
started=$(date +%s)

# The kernel and the machine, first, so that a run that dies still says
# what it ran on; the record (result.json) holds them too. The series'
# knobs: a per-cache cpu_partial (also on a plain kernel with per-CPU
# partial slabs) and the boot switch it reads.
cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
memory=$(sed -n 's/^MemTotal: *//p' /proc/meminfo)
cpu_partial=$(cat /sys/kernel/slab/kmalloc-64/cpu_partial 2>/dev/null || echo absent)
slab_cpu_partial=$(tr ' ' '\n' </proc/cmdline | sed -n 's/^slab_cpu_partial=//p')
realtime=$(cat /sys/kernel/realtime 2>/dev/null || echo 0)
{
	echo "uname: $(uname -a)"
	echo "cmdline: $(cat /proc/cmdline)"
	echo "realtime: $realtime"
	pkg=$(dpkg-query -S "/boot/vmlinuz-$(uname -r)" 2>/dev/null | cut -d: -f1)
	echo "package: ${pkg:-none} $([ -z "$pkg" ] || dpkg-query -W -f '${Version}' "$pkg")"
	echo "cpu: $cpu_model"
	echo "cpus: $ncpu"
	echo "memory: $memory"
	echo "cpu_partial: $cpu_partial"
	echo "slab_cpu_partial=: $slab_cpu_partial"
	echo "run: cyclictest $duration, priority $priority, interval $interval us, histogram to $limit us; loads: $([ $load = 1 ] && echo "hackbench -g $groups, slab, memcg" || echo none)"
} >"$out/identity.txt"

# Load loops: each counts its iterations in $out/load-NAME.count.
counted() {
	_f=$out/load-$1.count
	echo 0 >"$_f"
	shift
	_n=0
	while [ ! -f "$out/.stop" ]; do
		"$@" >/dev/null 2>&1 || { echo "$_n failed" >"$_f"; return; }
		_n=$((_n + 1))
		echo $_n >"$_f"
	done
}

hackbench_once() { hackbench -g "$groups" -l 200; }

# One pass over every cache (a merged cache's aliases are symlinks,
# skipped); fails when no write succeeded. A cache may vanish meanwhile
# (the module load below destroys some).
shrink_every_cache() {
	_done=0
	for _d in /sys/kernel/slab/*; do
		[ -L "$_d" ] && continue
		echo 1 2>/dev/null >"$_d/shrink" && _done=$((_done + 1))
	done
	sleep 1
	[ $_done -gt 0 ]
}

# A module that creates slab caches on load and destroys them on unload,
# and that nothing uses: the first of these that this kernel has.
pick_cache_module() {
	for _m in isofs udf minix hfsplus; do
		# Not loaded, loadable, and not built in (modprobe -r would fail).
		if ! grep -q "^$_m " /proc/modules && modprobe -n $_m 2>/dev/null &&
			[ "$(modinfo -F filename $_m 2>/dev/null)" != "(builtin)" ]; then
			echo $_m
			return
		fi
	done
}
module_cycle() { modprobe "$cache_module" && modprobe -r "$cache_module"; }

memcg=/sys/fs/cgroup
memcg_seq=0
memcg_cycle() {
	memcg_seq=$((memcg_seq + 1))
	_g=$memcg/rt-eval-$$-$memcg_seq
	mkdir "$_g" || return 1
	echo 64M >"$_g/memory.max" &&
		sh -c "echo \$\$ >$_g/cgroup.procs && exec hackbench -g 2 -l 50"
	_rc=$?
	# The group is removed whatever happened; an offlining memcg may
	# refuse for a moment.
	for _i in 1 2 3 4 5; do
		rmdir "$_g" 2>/dev/null && return $_rc
		sleep 1
	done
	return 1
}

# stop_loads: end the load loops (each finishes its iteration) and remove
# what they leave; also on an interrupt, so that no load outlives us.
pids=
stop_loads() {
	touch "$out/.stop"
	# shellcheck disable=SC2086
	[ -z "$pids" ] || wait $pids
	pids=
	rmdir "$memcg"/rt-eval-$$-* 2>/dev/null
	rm -f "$out/.stop"
}
trap 'stop_loads; exit 130' INT TERM HUP

# The kernel log of the run: what follows a marker of ours (a count of
# lines would miss a splat once the ring buffer wraps).
marker="rt-eval: start $$ $(date +%s)"
echo "$marker" >/dev/kmsg || die "cannot write to /dev/kmsg"
if [ $load = 1 ]; then
	[ -f $memcg/cgroup.controllers ] && grep -qw memory $memcg/cgroup.subtree_control ||
		die "no cgroup v2 memory controller at $memcg (systemd's unified hierarchy is needed)"
	cache_module=$(pick_cache_module)
	[ -n "$cache_module" ] || die "no unused module among isofs udf minix hfsplus to load and unload"
	counted hackbench hackbench_once & pids="$pids $!"
	counted shrink shrink_every_cache & pids="$pids $!"
	counted module module_cycle & pids="$pids $!"
	counted memcg memcg_cycle & pids="$pids $!"
	say "loads: hackbench -g $groups, shrink of every cache, $cache_module load/unload, memory groups"
fi

say "cyclictest on $ncpu CPUs for $duration (results: $out)"
cyclictest -m -S -q -p "$priority" -i "$interval" -h "$limit" -D "$duration" \
	--json="$out/cyclictest.json" >"$out/cyclictest.out" 2>&1
cyclictest_rc=$?
stop_loads
trap - INT TERM HUP

# Each check a case ("RESULT ID WHY", tab-separated), for the record.
fail=0
: >"$out/cases.tsv"
# check ID pass|fail [WHY]: one case; a failed one is said, and fails the run.
check() {
	printf '%s\t%s\t%s\n' "$2" "$1" "${3:-}" >>"$out/cases.tsv"
	[ "$2" = pass ] && return
	say "FAIL: $3"
	fail=1
}
dmesg | sed -n "/$marker/,\$p" | sed 1d >"$out/dmesg-new.txt"
if dmesg | grep -q "$marker"; then
	check kernel_log_whole pass
else
	check kernel_log_whole fail "the kernel log wrapped during the run: its splats cannot be checked"
fi
if [ $cyclictest_rc = 0 ] && [ -s "$out/cyclictest.json" ]; then
	check cyclictest pass
else
	check cyclictest fail "cyclictest exited $cyclictest_rc: $out/cyclictest.out"
fi
printf 'load\truns\n' >"$out/load.tsv"
for f in "$out"/load-*.count; do
	[ -f "$f" ] || continue
	n=$(basename "$f" .count)
	printf '%s\t%s\n' "${n#load-}" "$(cat "$f")" >>"$out/load.tsv"
	case $(cat "$f") in
	0 | *failed) check "load_${n#load-}" fail "the ${n#load-} load ran $(cat "$f") times" ;;
	*) check "load_${n#load-}" pass ;;
	esac
	rm -f "$f"
done
if grep -Ev '^#|^$' "$splats" | grep -Ef - "$out/dmesg-new.txt" >"$out/splats.txt"; then
	check kernel_log_quiet fail "the kernel logged a splat during the run: $out/dmesg-new.txt"
else
	check kernel_log_quiet pass
	rm -f "$out/splats.txt"
fi

# The report is written for a failed run too: that is the one to send.
if [ -s "$out/cyclictest.json" ]; then
	if jq -r --argjson limit "$limit" -f "$here/summary.jq" "$out/cyclictest.json" >"$out/summary.tsv"; then
		check summary pass
	else
		check summary fail "cannot summarise $out/cyclictest.json"
	fi
fi
{
	[ $fail = 0 ] || echo "FAIL: this run failed (rt-eval's FAIL lines say why); its figures follow"
	cat "$out/identity.txt"
	echo
	echo "loads (iterations during the run):"
	sed 1d "$out/load.tsv" | awk -F '\t' '{ printf "  %-10s %s\n", $1, $2 }'
	echo
	echo "wakeup latency, us (cyclictest; p99 and p99.9 from its 1 us histogram):"
	[ ! -f "$out/summary.tsv" ] ||
		awk -F '\t' '{ printf "  %-4s %10s %6s %8s %8s %8s %8s %9s\n", $1, $2, $3, $4, $5, $6, $7, $8 }' "$out/summary.tsv"
	[ ! -s "$out/splats.txt" ] || { echo; echo "kernel splats during the run:"; sed 's/^/  /' "$out/splats.txt"; }
} >"$out/report.txt"
# The run's record, result.json (the lab's record, schema 1), which
# lab/rt-eval/compare.sh reads.
touch "$out/summary.tsv"
jq -n -f "$here/record.jq" --rawfile cases "$out/cases.tsv" --rawfile summary "$out/summary.tsv" \
	--arg kernel "$(uname -r)" --arg cmdline "$(cat /proc/cmdline)" --arg package "$pkg" \
	--argjson started "$started" --argjson ended "$(date +%s)" \
	--arg params "duration=$duration priority=$priority interval=$interval limit=$limit groups=$groups load=$load" \
	--arg cpu "$cpu_model" --arg cpus "$ncpu" --arg memory "$memory" --arg realtime "$realtime" \
	--arg cpu_partial "$cpu_partial" --arg slab_cpu_partial "$slab_cpu_partial" \
	>"$out/result.json.tmp" && mv "$out/result.json.tmp" "$out/result.json" ||
	{ say "FAIL: cannot write $out/result.json"; fail=1; }
cat "$out/report.txt"
exit $fail
