#!/bin/sh
# boot.sh [options] VARIANT JOB-SCRIPT: boot a built variant under QEMU, run
# the job script inside it, keep the console log, and write the run's
# record, result.json (lab/verdict/record.sh: status ok, failed, crashed
# or timeout, and the cases), which every caller reads. Exits 0 when the
# status is ok.
#
#   --append "PARAMS"   kernel parameters added to the variant's cmdline
#   --out DIR           results folder (default: results/<date>-<variant>)
#   --timeout SECONDS   host-side limit for the whole boot (default 900)
#   --accel auto|kvm|tcg|tcg-single  (default auto: kvm when /dev/kvm is
#                       usable; tcg-single runs every vCPU on one host thread)
#   --icount            TCG only: guest time counts instructions
#   --native-cpu        TCG only: hide the CPUID hypervisor bit, so that the
#                       guest takes its bare-metal paths (raw spinlocks queue
#                       and fire lock:contention_begin, instead of
#                       virt_spin_lock()'s untraced test-and-set loop)
#   --numa              one NUMA node per vCPU (the variant's numa=yes
#                       does the same); the guest's /lab/topology says how
#                       many, and the check jobs fail unless it sees them
#
# QEMU's profile, lab/run/qemu.json, is shared with the LAVA jobs
# (lab/farm/lava-jobs.sh): the binary, -cpu, the vCPUs and memory, the
# options and kernel parameters of every run, and the options of local
# runs only (local_options; a LAVA device has its own console).
# Environment: LAB_SMP, LAB_MEM (NNNM or NNG, split evenly between the
# nodes with --numa): the profile's smp and memory by default.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="boot.sh [--append PARAMS] [--out DIR] [--timeout S] [--accel auto|kvm|tcg|tcg-single] [--icount] [--native-cpu] [--numa] VARIANT JOB-SCRIPT"

append= out= timeout=900 accel=auto icount=0 native=0 numa=no
while [ $# -gt 0 ]; do
	case $1 in
	--append) [ $# -ge 2 ] || usage_die "--append needs a value"; append=$2; shift 2 ;;
	--out) [ $# -ge 2 ] || usage_die "--out needs a value"; out=$2; shift 2 ;;
	--timeout) [ $# -ge 2 ] || usage_die "--timeout needs a value"; timeout=$2; shift 2 ;;
	--accel) [ $# -ge 2 ] || usage_die "--accel needs a value"; accel=$2; shift 2 ;;
	--icount) icount=1; shift ;;
	--native-cpu) native=1; shift ;;
	--numa) numa=yes; shift ;;
	--) shift; break ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 2 ] || usage_die "expected VARIANT and JOB-SCRIPT"
case $timeout in '' | *[!0-9]*) usage_die "--timeout takes whole seconds, not '$timeout'" ;; esac
case $accel in
auto | tcg | tcg-single) ;;
kvm) have_kvm || die "--accel kvm: /dev/kvm is missing or not usable by $(id -un)" ;;
*) usage_die "--accel takes auto, kvm, tcg or tcg-single, not '$accel'" ;;
esac
if [ $native = 1 ] && [ $accel = kvm ]; then
	usage_die "--native-cpu needs TCG (a KVM guest runs under a hypervisor)"
fi
if [ $icount = 1 ] && [ $accel = kvm ]; then
	usage_die "--icount needs TCG (instruction time is an emulation feature)"
fi
load_variant "$1"
[ "$V_NUMA" = no ] || numa=yes
profile=$LAB_ROOT/lab/run/qemu.json
smp=${LAB_SMP:-$(jq -r .smp "$profile")}
mem=${LAB_MEM:-$(jq -r .memory "$profile")}
number LAB_SMP "$smp"
topology=$(qemu_topology "$smp" "$mem" $numa) || exit 2
nodes=1
[ $numa = no ] || nodes=$smp
job=$2
[ -f "$job" ] || die "no job script at $job"

obj=$V_OBJ
kernel=$obj/arch/x86/boot/bzImage
[ -f "$kernel" ] || die "variant $V_NAME is not built: run 'lab/kernel/build.sh $V_NAME'"


if [ $accel = auto ]; then
	accel=tcg
	[ $icount = 0 ] && [ $native = 0 ] && kvm_boots "$kernel" && accel=kvm
fi

[ -n "$out" ] || out=$LAB_RESULTS/$(date +%Y%m%d-%H%M%S)-$V_NAME
mkdir -p "$out"
console=$out/console.log

# The initramfs: the shared base plus this run's job, selftests and
# modules (lab/run/job-initrd.sh). Deleted after the boot: some 36 MB a
# boot, and make lava-jobs writes the ones a farm needs.
trap 'rm -f "$out/initrd.cpio"' EXIT
sh "$LAB_ROOT/lab/run/job-initrd.sh" --nodes $nodes "$V_NAME" "$job" "$out/initrd.cpio"

cmdline="$(jq -r '.cmdline | join(" ")' "$profile") $V_CMDLINE $append"
machine=$(qemu_machine $accel $icount $native)
{
	echo "variant=$V_NAME"
	echo "tree=$V_TREE"
	echo "fragments=$V_FRAGMENTS"
	[ -z "$V_LOCAL" ] || echo "local=$V_LOCAL"
	echo "kernel=$kernel"
	echo "cmdline=$cmdline"
	echo "accel=$accel icount=$icount native_cpu=$native smp=$smp mem=$mem numa_nodes=$nodes timeout=$timeout"
	echo "job=$job"
} >"$out/run.info"
cp "$obj/.config" "$out/kernel.config"

log "booting $V_NAME ($accel$([ $icount = 1 ] && echo ', instruction time'), ${smp} vCPUs, $mem, $nodes node(s)) job ${job##*/}; log: $console"
set +e
# shellcheck disable=SC2086
timeout -k 10 "$timeout" "$(jq -r .binary "$profile")" $machine $topology \
	$(jq -r '.options + .local_options | join(" ")' "$profile") \
	-serial "file:$console" -kernel "$kernel" -initrd "$out/initrd.cpio" \
	-append "$cmdline" </dev/null >"$out/qemu.log" 2>&1
rc=$?
set -e
echo "qemu_exit=$rc" >>"$out/run.info"
if [ $rc -ne 0 ] && [ $rc -ne 124 ] && [ $rc -ne 137 ]; then
	echo "qemu exited with status $rc:"
	sed 's/^/    /' "$out/qemu.log"
fi
# A hung or crashed guest is recorded too: its first splat says why.
sh "$LAB_ROOT/lab/verdict/record.sh" --qemu-exit $rc --timeout "$timeout" "$console" "$out/result.json"
