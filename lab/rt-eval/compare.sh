#!/bin/sh
# compare.sh [--plot FILE.png] DIR...: rt-eval.sh results side by side,
# the first folder the baseline, each read from its record, result.json
# (lab/rt-eval/record.jq). One row a folder: its kernel, cyclictest's
# samples over all CPUs, and the worst CPU's max, p99 and p99.9 in us (its
# measurements), with max's ratio to the baseline. With --plot, the
# latency histograms (all CPUs summed, log counts) in one picture, drawn
# by gnuplot from the records' cyclictest.json; its data beside it
# (FILE.dat).
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
	jq -e '.schema == 1 and .run.job == "rt-eval.sh"' "$d/result.json" >/dev/null 2>&1 ||
		die "$d is not an rt-eval.sh results folder (its record, result.json)"
done

# A percentile beyond the histogram (at_least: ">=L") sorts above every
# number up to L and is shown as it is.
printf '%-44s %10s %8s %8s %8s %7s\n' kernel samples max p99 p99.9 "max/1st"
base_max=
for d in "$@"; do
	row=$(jq -r '[.measurements[] | select(.kind == "cyclictest")] as $m
		| def worst($k): [$m[] | select(.metric == $k)] | max_by(.value + (if .at_least then 0.5 else 0 end))
			| if .at_least then ">=\(.value)" else .value end;
		[.variant.name, ([$m[] | select(.metric == "samples") | .value] | add), worst("max"), worst("p99"), worst("p99.9")]
		| @tsv' "$d/result.json")
	max=$(echo "$row" | cut -f3 | tr -d '>=')
	[ -n "$base_max" ] || base_max=$max
	ratio=$(awk -v a="$max" -v b="$base_max" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
	# shellcheck disable=SC2046,SC2183 # the row's five fields, one word each
	printf '%-44s %10s %8s %8s %8s %7s\n' $(printf '%s\n' "$row" | tr '\t' ' ') "$ratio"
done

[ -n "$plot" ] || exit 0
command -v gnuplot >/dev/null || die "gnuplot is missing: apt install gnuplot-nox"
dat=${plot%.png}.dat
: >"$dat"
i=0
for d in "$@"; do
	json=$d/$(jq -r '.artifacts.cyclictest_json' "$d/result.json")
	jq -r '[.thread[].histogram // {} | to_entries[]] | group_by(.key | tonumber)
		| map("\(.[0].key)\t\(map(.value) | add)")[]' "$json" >>"$dat" ||
		die "cannot read $json"
	printf '\n\n' >>"$dat"
	i=$((i + 1))
done
titles=
for d in "$@"; do
	titles="$titles \"$(jq -r '.variant.name' "$d/result.json")\""
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
