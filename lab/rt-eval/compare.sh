#!/bin/sh
# compare.sh [--plot FILE.png] DIR...: rt-eval.sh results side by side,
# the first folder the baseline. One row a folder: its kernel (identity.txt),
# cyclictest's samples over all CPUs, and the worst CPU's max, p99 and
# p99.9 in us (summary.tsv), with max's ratio to the baseline. With
# --plot, the latency histograms (all CPUs summed, log counts) in one
# picture, drawn by gnuplot; its data beside it (FILE.dat).
set -u
. "$(dirname "$0")/../lib/common.sh"
USAGE="compare.sh [--plot FILE.png] DIR..."

plot=
while [ $# -gt 0 ]; do
	case $1 in
	--plot) [ $# -ge 2 ] || usage_die "--plot needs a file"; plot=$2; shift 2 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || usage_die "no results folder given"
for d in "$@"; do
	[ -f "$d/summary.tsv" ] && [ -f "$d/identity.txt" ] && [ -f "$d/cyclictest.json" ] ||
		die "$d is not an rt-eval.sh results folder (summary.tsv, identity.txt, cyclictest.json)"
done

# A ">=L" percentile (beyond the histogram) sorts above every number up
# to L and is shown as it is.
printf '%-44s %10s %8s %8s %8s %7s\n' kernel samples max p99 p99.9 "max/1st"
base_max=
for d in "$@"; do
	kernel=$(sed -n 's/^uname: [^ ]* [^ ]* \([^ ]*\) .*/\1/p' "$d/identity.txt")
	row=$(awk -F '\t' '
		function key(v) { return v ~ /^>=/ ? substr(v, 3) + 0.5 : v + 0 }
		function worse(a, b) { return key(b) > key(a) ? b : a }
		NR == 1 { next }
		{ n += $2; mx = worse(mx, $5); p99 = worse(p99, $6); p999 = worse(p999, $7) }
		END { printf "%s %s %s %s", n, mx, p99, p999 }' "$d/summary.tsv")
	max=$(echo "$row" | cut -d' ' -f2)
	[ -n "$base_max" ] || base_max=$max
	ratio=$(awk -v a="$max" -v b="$base_max" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
	# shellcheck disable=SC2086
	printf '%-44s %10s %8s %8s %8s %7s\n' "$kernel" $row "$ratio"
done

[ -n "$plot" ] || exit 0
command -v gnuplot >/dev/null || die "gnuplot is missing: apt install gnuplot-nox"
dat=${plot%.png}.dat
: >"$dat"
i=0
for d in "$@"; do
	jq -r '[.thread[].histogram // {} | to_entries[]] | group_by(.key | tonumber)
		| map("\(.[0].key)\t\(map(.value) | add)")[]' "$d/cyclictest.json" >>"$dat" ||
		die "cannot read $d/cyclictest.json"
	printf '\n\n' >>"$dat"
	i=$((i + 1))
done
titles=
for d in "$@"; do
	titles="$titles \"$(sed -n 's/^uname: [^ ]* [^ ]* \([^ ]*\) .*/\1/p' "$d/identity.txt")\""
done
gnuplot <<EOF || die "gnuplot failed on $dat"
set terminal pngcairo size 1000,600
set output "$plot"
set title "cyclictest wakeup latency, all CPUs (rt-eval)"
set xlabel "latency, us"
set ylabel "samples"
set logscale y
titles = '$titles'
plot for [k=0:$((i - 1))] "$dat" index k using 1:2 with steps title word(titles, k + 1)
EOF
echo "plot: $plot"
