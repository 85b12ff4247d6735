#!/bin/sh
# boot.sh [options] VARIANT JOB-SCRIPT: boot a built variant under QEMU, run
# the job script inside it, keep the console log, and write the run's
# record, result.json (lab/verdict/record.sh: what ran and how, before
# QEMU starts; then its status, pass, fail or incomplete, every case and
# every measurement), which every caller reads. Exits 0 when the status
# is pass.
#
#   --append "PARAMS"   kernel parameters added to the variant's cmdline
#   --out DIR           results folder (default: results/<date>-<variant>)
#   --purpose P         the QEMU profile's purpose (lab/run/qemu.json: check,
#                       bench, latency, mutation, panic, hang, ...): its
#                       memory, vCPUs and timeout (default check)
#   --timeout SECONDS   host-side limit for the whole boot (default: the
#                       purpose's)
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
#   --smp N, --memory M the vCPUs and memory (NNNM or NNG, split evenly
#                       between the nodes with --numa; default: the
#                       purpose's, or the profile's)
#   --label NAME=VALUE  a label of the run in its record (run.labels: the
#                       bench's round and clock); repeat
#   --show-command      print QEMU's command line, shell-quoted, and boot
#                       nothing
#
# QEMU's command line comes from lab/lib/qemu.sh qemu_argv, which a LAVA
# job's is made from too (lab/farm/lava-jobs.sh); the record keeps it
# (run.qemu_argv).
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="boot.sh [--append PARAMS] [--out DIR] [--purpose P] [--timeout S] [--accel auto|kvm|tcg|tcg-single] [--icount] [--native-cpu] [--numa] [--smp N] [--memory M] [--label NAME=VALUE]... [--show-command] VARIANT JOB-SCRIPT"

append= out= purpose=check timeout= accel=auto icount= native= numa= smp= mem= show=0 labels=
while [ $# -gt 0 ]; do
	case $1 in
	--append | --out | --purpose | --timeout | --accel | --smp | --memory | --label)
		[ $# -ge 2 ] || usage_die "$1 needs a value" ;;
	esac
	case $1 in
	--append) append=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--purpose) purpose=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--accel) accel=$2; shift 2 ;;
	--smp) smp=$2; shift 2 ;;
	--memory) mem=$2; shift 2 ;;
	--label)
		case $2 in
		*[!A-Za-z0-9_.=-]* | [!A-Za-z]* | *=) usage_die "--label takes NAME=VALUE (letters, digits, _ . -), not '$2'" ;;
		*=*) ;;
		*) usage_die "--label takes NAME=VALUE (letters, digits, _ . -), not '$2'" ;;
		esac
		labels="$labels --label $2"
		shift 2
		;;
	--icount) icount=--icount; shift ;;
	--native-cpu) native=--native-cpu; shift ;;
	--numa) numa=--numa; shift ;;
	--show-command) show=1; shift ;;
	--) shift; break ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 2 ] || usage_die "expected VARIANT and JOB-SCRIPT"
qemu_purposes | grep -qx -e "$purpose" || usage_die "--purpose takes one of $(qemu_purposes | tr '\n' ' '), not '$purpose'"
: "${timeout:=$(qemu_profile "$purpose" timeout_s)}" "${smp:=$(qemu_profile "$purpose" smp)}" "${mem:=$(qemu_profile "$purpose" memory)}"
case $timeout in '' | *[!0-9]*) usage_die "--timeout takes whole seconds, not '$timeout'" ;; esac
number --smp "$smp"
case $accel in
auto | tcg | tcg-single) ;;
kvm) have_kvm || die "--accel kvm: /dev/kvm is missing or not usable by $(id -un)" ;;
*) usage_die "--accel takes auto, kvm, tcg or tcg-single, not '$accel'" ;;
esac
if [ -n "$native" ] && [ $accel = kvm ]; then
	usage_die "--native-cpu needs TCG (a KVM guest runs under a hypervisor)"
fi
if [ -n "$icount" ] && [ $accel = kvm ]; then
	usage_die "--icount needs TCG (instruction time is an emulation feature)"
fi
load_variant "$1"
[ "$V_NUMA" = no ] || numa=--numa
nodes=1
[ -z "$numa" ] || nodes=$smp
# Memory QEMU cannot take, or that does not split into the nodes, is
# refused before anything runs.
qemu_topology "$smp" "$mem" "$([ -n "$numa" ] && echo yes)" >/dev/null
job=$2
[ -f "$job" ] || die "no job script at $job"

obj=$V_OBJ
kernel=$obj/arch/x86/boot/bzImage
[ -f "$kernel" ] || die "variant $V_NAME is not built: run 'lab/kernel/build.sh $V_NAME'"

if [ $accel = auto ]; then
	accel=tcg
	[ -z "$icount$native" ] && kvm_boots "$kernel" && accel=kvm
fi

[ -n "$out" ] || out=$LAB_RESULTS/$(date +%Y%m%d-%H%M%S)-$V_NAME
console=$out/console.log
argv=$(mktemp)
trap 'rm -f "$argv" "$argv.opts" "$out/initrd.cpio"' EXIT
# shellcheck disable=SC2086
qemu_argv --purpose "$purpose" --accel $accel $icount $native $numa --smp "$smp" --memory "$mem" \
	--console "$console" --kernel "$kernel" --initrd "$out/initrd.cpio" \
	--append "$V_CMDLINE $append" >"$argv.opts" || exit 2
qemu_words <"$argv.opts" >"$argv"
if [ $show = 1 ]; then
	qemu_quoted "$argv"
	exit 0
fi
mkdir -p "$out"

# The initramfs: the shared base plus this run's job, selftests and
# modules (lab/run/job-initrd.sh). Deleted after the boot: some 36 MB a
# boot, and make lava-jobs writes the ones a farm needs.
sh "$LAB_ROOT/lab/run/job-initrd.sh" --nodes $nodes "$V_NAME" "$job" "$out/initrd.cpio"
cp "$obj/.config" "$out/kernel.config"
# The record, before QEMU starts: what runs, and how.
# shellcheck disable=SC2086
sh "$LAB_ROOT/lab/verdict/record.sh" start --variant "$V_NAME" --job "$job" --purpose "$purpose" \
	--accel $accel $icount $native --smp "$smp" --memory "$mem" --numa-nodes $nodes --timeout "$timeout" \
	--cmdline "$(sed -n 's/^-append //p' "$argv.opts" 2>/dev/null || true)" --argv "$argv" \
	--initrd "$out/initrd.cpio" --artifact console="$console" --artifact qemu_log="$out/qemu.log" \
	--artifact kernel_config="$out/kernel.config" $labels "$out/result.json"

log "booting $V_NAME ($accel$([ -z "$icount" ] || echo ', instruction time'), ${smp} vCPUs, $mem, $nodes node(s)) job ${job##*/}; log: $console"
set +e
qemu_exec "$timeout" "$argv" >"$out/qemu.log" 2>&1
rc=$?
set -e
if [ $rc -ne 0 ] && [ $rc -ne 124 ] && [ $rc -ne 137 ]; then
	echo "qemu exited with status $rc:"
	sed 's/^/    /' "$out/qemu.log"
fi
# A hung or crashed guest is recorded too: its first splat says why.
sh "$LAB_ROOT/lab/verdict/record.sh" --qemu-exit $rc "$out/result.json"
