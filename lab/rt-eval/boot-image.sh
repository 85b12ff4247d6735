#!/bin/sh
# boot-image.sh [options] IMAGE-DIR: boot an image of lab/rt-eval/image.sh
# under QEMU (KVM when the host runs a kernel on it, TCG otherwise; the
# log says which), let its check run (guest-job.sh: multi-user, PREEMPT_RT,
# the slab knobs, rt-eval.sh, the journal), and write the run's record
# (lab/verdict/record.sh, started before QEMU and completed after it) and
# rt-eval's results copied out of the image.
# Works on a copy of the image, so that each boot starts from the same
# system. Exits 0 when the record's status is pass.
#
#   --out DIR          results folder (default results/<date>-rt-eval-<release>)
#   --duration T       rt-eval's cyclictest run time (default 1m)
#   --series           the kernel has the series: it must take slab_cpu_partial=
#   --append "PARAMS"  more kernel parameters
#   --accel auto|kvm|tcg  (default auto)
#   --timeout S        host-side limit for the boot (default: the QEMU
#                      profile's rt-eval timeout plus the duration)
#   --smp N, --memory M  the vCPUs and memory (default: the QEMU profile's
#                      rt-eval purpose, lab/run/qemu.json)
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="boot-image.sh [--out DIR] [--duration T] [--series] [--append PARAMS] [--accel auto|kvm|tcg] [--timeout S] [--smp N] [--memory M] IMAGE-DIR"

out= duration=1m series=0 append= accel=auto timeout= smp= mem=
while [ $# -gt 0 ]; do
	case $1 in
	--out | --duration | --append | --accel | --timeout | --smp | --memory)
		[ $# -ge 2 ] || usage_die "$1 needs a value" ;;
	esac
	case $1 in
	--out) out=$2; shift 2 ;;
	--smp) smp=$2; shift 2 ;;
	--memory) mem=$2; shift 2 ;;
	--duration) duration=$2; shift 2 ;;
	--series) series=1; shift ;;
	--append) append=$2; shift 2 ;;
	--accel) accel=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || usage_die "expected one image folder"
img=$1
for f in rootfs.ext4 vmlinuz initrd.img release; do
	[ -f "$img/$f" ] || die "$img is not an image of lab/rt-eval/image.sh (no $f)"
done
case $duration in
[1-9]*[smh] | [1-9]*) case ${duration%[smh]} in *[!0-9]*) usage_die "--duration takes N followed by s, m or h, not '$duration'" ;; esac ;;
*) usage_die "--duration takes N followed by s, m or h, not '$duration'" ;;
esac
seconds=${duration%[smh]}
case $duration in *m) seconds=$((seconds * 60)) ;; *h) seconds=$((seconds * 3600)) ;; esac
[ -n "$timeout" ] || timeout=$(($(qemu_profile rt-eval timeout_s) + seconds))
number --timeout "$timeout"
release=$(cat "$img/release")

case $accel in
auto) accel=tcg; kvm_boots "$img/vmlinuz" && accel=kvm ;;
tcg) ;;
kvm) have_kvm || die "--accel kvm: /dev/kvm is missing or not usable by $(id -un)" ;;
*) usage_die "--accel takes auto, kvm or tcg, not '$accel'" ;;
esac

[ -n "$out" ] || out=$LAB_RESULTS/$(date +%Y%m%d-%H%M%S)-rt-eval-$release
mkdir -p "$out"
console=$out/console.log
: "${smp:=$(qemu_profile rt-eval smp)}" "${mem:=$(qemu_profile rt-eval memory)}"
number --smp "$smp"
disk=$out/rootfs.ext4
params="rt_eval.duration=$duration rt_eval.series=$series"
[ $series = 0 ] || params="$params slab_cpu_partial=0"
qemu_argv --purpose rt-eval --accel $accel --smp "$smp" --memory "$mem" --console "$console" \
	--kernel "$img/vmlinuz" --initrd "$img/initrd.img" --drive "$disk" --append "$params $append" \
	>"$out/qemu.opts" || exit 2
qemu_words <"$out/qemu.opts" >"$out/qemu.argv"

cp --sparse=always "$img/rootfs.ext4" "$disk"
# The record, before QEMU starts: what runs, and how.
sh "$LAB_ROOT/lab/verdict/record.sh" start --image "$img" --job lab/rt-eval/guest-job.sh --purpose rt-eval \
	--accel "$accel" --smp "$smp" --memory "$mem" --numa-nodes 1 --timeout "$timeout" \
	--cmdline "$(sed -n 's/^-append //p' "$out/qemu.opts")" --argv "$out/qemu.argv" \
	--artifact console="$console" --artifact qemu_log="$out/qemu.log" --artifact rt_eval="$out/rt-eval" \
	"$out/result.json"
rm -f "$out/qemu.opts"
log "booting $release ($accel, $smp vCPUs, $mem), rt-eval for $duration; log: $console"
set +e
qemu_exec "$timeout" "$out/qemu.argv" >"$out/qemu.log" 2>&1
rc=$?
set -e
rm -f "$out/qemu.argv"
# rt-eval's results (its own record among them), out of the image
# without mounting it.
if debugfs -R "rdump /root/rt-eval $out" "$disk" >"$out/debugfs.log" 2>&1 && [ -d "$out/rt-eval" ]; then
	log "rt-eval results: $out/rt-eval"
fi
rm -f "$disk"
sh "$LAB_ROOT/lab/verdict/record.sh" --qemu-exit $rc "$out/result.json"
