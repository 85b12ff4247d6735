#!/bin/sh
# guest-job.sh: the check of a Debian image with a kernel package installed
# (lab/rt-eval/image.sh installs it with a systemd unit that starts it once
# the system is up). Its verdict goes to the serial console as one KTAP
# document (written by ktap.sh, the lab's guests' one writer) after a
# LAB-JUDGE line, then LAB-JOB-END status=N, the
# protocol lab/verdict/record.sh reads; then the guest powers off. Cases:
#   multi_user     systemd reached multi-user.target with no failed unit
#   preempt_rt     uname -v says PREEMPT_RT
#   slab_knobs     /sys/kernel/slab/*/cpu_partial exists, and with
#                  rt_eval.series=1 the kernel took slab_cpu_partial= (it
#                  is not among the parameters it did not know)
#   rt_eval        rt-eval.sh ran for rt_eval.duration= (default 1m) and
#                  passed; its results stay in /root/rt-eval
#   journal        no splat (lab/verdict/splat-patterns) in this boot's
#                  kernel log
# The kernel command line carries rt_eval.duration= and rt_eval.series=:
# the kernel ignores unknown parameters with a dot, /proc/cmdline keeps them.
here=$(cd "$(dirname "$0")" && pwd)
exec >/dev/ttyS0 2>&1
echo "LAB-JOB-BEGIN rt-eval image check"

param() { tr ' ' '\n' </proc/cmdline | sed -n "s/^$1=//p" | tail -n 1; }
duration=$(param rt_eval.duration)
series=$(param rt_eval.series)

# The one KTAP writer of the lab's guests, installed beside this script.
. "$here/ktap.sh"
fail=0 cases=$(mktemp) diag=$(mktemp -d)
# result ID ok|fail [WHY]: one case, its diagnostic on failure; printed
# as KTAP at the end (ktap_document).
result() {
	if [ "$2" = ok ]; then
		echo "pass $1" >>"$cases"
	else
		fail=1
		echo "fail $1" >>"$cases"
		[ -z "${3:-}" ] || printf '%s\n' "$3" >"$diag/$1"
	fi
}

state=$(systemctl is-system-running --wait)
if [ "$state" = running ]; then
	result multi_user ok
else
	result multi_user fail "system state '$state'; failed units: $(systemctl --failed --no-legend --plain | cut -d' ' -f1 | tr '\n' ' ')"
fi

case $(uname -v) in
*PREEMPT_RT*) result preempt_rt ok ;;
*) result preempt_rt fail "uname -v: $(uname -v)" ;;
esac

why=
ls /sys/kernel/slab/*/cpu_partial >/dev/null 2>&1 || why="no /sys/kernel/slab/*/cpu_partial"
if [ "$series" = 1 ]; then
	grep -q 'slab_cpu_partial=' /proc/cmdline || why="$why; slab_cpu_partial= is not on the command line"
	dmesg | grep 'Unknown kernel command line parameters' | grep -q 'slab_cpu_partial=' &&
		why="$why; the kernel did not know slab_cpu_partial="
fi
if [ -z "$why" ]; then result slab_knobs ok; else result slab_knobs fail "${why#; }"; fi

echo "rt-eval: ${duration:-1m}"
if sh "$here/rt-eval.sh" --duration "${duration:-1m}" --out /root/rt-eval; then
	result rt_eval ok
else
	result rt_eval fail "rt-eval.sh failed: see /root/rt-eval in the image"
fi

grep -Ev '^#|^$' "$here/splat-patterns" >/tmp/patterns
if journalctl -k -b --no-pager -o cat | grep -E -f /tmp/patterns >/tmp/splats; then
	result journal fail "$(head -n 5 /tmp/splats)"
else
	result journal ok
fi

echo "LAB-JUDGE"
ktap_document "$cases" "$diag"
echo "LAB-JOB-END status=$fail"
sync
systemctl poweroff
