#!/bin/sh
# run.sh [options] [LABEL=DEB[,DEB...] ...] (make rt-eval): rt-eval on
# kernel packages (by default the pair make deb builds: base-rt-debian
# as "base", series-rt-debian as "series"), each installed into its own
# copy of a Debian image
# (lab/rt-eval/image.sh) and booted under QEMU (boot-image.sh), one after
# the other; then their results side by side (compare.sh), the first the
# baseline, with the latency histograms in one plot. A label names the
# kernel in the results folder; a package whose kernel release names the
# series (-slub-rt) is checked for the series' boot parameter.
#
#   --duration T     cyclictest's run time in each guest (default 1m)
#   --suite SUITE    the image's Debian suite (default bookworm)
#   --accel auto|kvm|tcg  (default auto: KVM when it runs a kernel here)
#   --out DIR        results folder (default results/<date>-rt-eval)
# Exits non-zero, naming the log, when an image cannot be made or a guest
# fails its check (its record's reasons). Reads records only: each boot's
# (result.json) and rt-eval's own inside it (rt-eval/result.json).
set -u
. "$(dirname "$0")/../lib/common.sh"
USAGE="run.sh [--duration T] [--suite SUITE] [--accel auto|kvm|tcg] [--out DIR] [LABEL=DEB[,DEB...] ...]"

duration=1m suite=bookworm accel=auto out=
while [ $# -gt 0 ]; do
	case $1 in
	--duration | --suite | --accel | --out) [ $# -ge 2 ] || usage_die "$1 needs a value" ;;
	esac
	case $1 in
	--duration) duration=$2; shift 2 ;;
	--suite) suite=$2; shift 2 ;;
	--accel) accel=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
# made_package VARIANT: the image package make deb left for VARIANT.
made_package() {
	_p=$(ls "$LAB_WORK/deb/$1"/linux-image-*.deb 2>/dev/null) ||
		die "no package of $1 in $LAB_WORK/deb/$1: run 'make deb VARIANT=$1' (or give KERNELS='LABEL=PACKAGE.deb ...')"
	[ "$(echo "$_p" | wc -l)" = 1 ] || die "more than one image package in $LAB_WORK/deb/$1"
	echo "$_p"
}
if [ $# = 0 ]; then
	base=$(made_package base-rt-debian) && series=$(made_package series-rt-debian) || exit 1
	set -- "base=$base" "series=$series"
	log "kernels: make deb's $(basename "$base") and $(basename "$series")"
fi
labels=
for k in "$@"; do
	case $k in
	*=*) ;;
	*) usage_die "'$k' is not LABEL=PACKAGE.deb" ;;
	esac
	label=${k%%=*}
	case $label in '' | *[!A-Za-z0-9_.-]*) usage_die "label '$label' may hold letters, digits, '.', '_' and '-' only" ;; esac
	case " $labels " in *" $label "*) usage_die "label '$label' is given twice" ;; esac
	labels="$labels $label"
	for d in $(echo "${k#*=}" | tr ',' ' '); do
		[ -f "$d" ] || die "$label: no package at $d"
	done
done
[ -n "$out" ] || out=$LAB_RESULTS/$(date +%Y%m%d-%H%M%S)-rt-eval
mkdir -p "$out"

fail=0 dirs=
for k in "$@"; do
	label=${k%%=*}
	# shellcheck disable=SC2046
	if ! sh "$LAB_ROOT/lab/rt-eval/image.sh" --suite "$suite" --out "$LAB_WORK/rt-eval/image-$label" \
		$(echo "${k#*=}" | tr ',' ' '); then
		log "FAIL: $label: no image"
		fail=1
		continue
	fi
	series=
	case $(cat "$LAB_WORK/rt-eval/image-$label/release") in *-slub-rt*) series=--series ;; esac
	# shellcheck disable=SC2086
	if sh "$LAB_ROOT/lab/rt-eval/boot-image.sh" --accel "$accel" --duration "$duration" $series \
		--out "$out/$label" "$LAB_WORK/rt-eval/image-$label"; then
		dirs="$dirs $out/$label/rt-eval"
	else
		log "FAIL: $label: $out/$label/result.json ($out/$label/console.log)"
		fail=1
	fi
done
if [ -n "$dirs" ]; then
	# shellcheck disable=SC2086
	sh "$LAB_ROOT/lab/rt-eval/compare.sh" --plot "$out/latency.png" $dirs >"$out/table.txt" || fail=1
	cat "$out/table.txt"
	echo "accel: $(jq -r '.run.accel' "$out"/*/result.json | sort -u | tr '\n' ' ')(TCG: emulator latency, not the kernel's)" |
		tee -a "$out/table.txt"
fi
echo "results: $out"
exit $fail
