#!/bin/sh
# contention-plot.sh DIR: stacked bars of DIR/contention.tsv (a bench
# timing mode's attribution rows), one bar per hackbench mode and variant:
# contended acquisitions per traced run (left) and their wait (right), cut
# by the object file of the caller: mm/slub.o, the four others with the
# most contended acquisitions over all bars, and the rest. Writes
# DIR/contention.dat (the bars' numbers), contention.gp, contention.png and
# contention.svg.
set -u
. "$(dirname "$0")/../lib/common.sh"
USAGE="contention-plot.sh DIR"
[ $# = 1 ] || usage_die "one results folder expected"
dir=$1
[ -f "$dir/contention.tsv" ] && [ -f "$dir/samples.tsv" ] ||
	die "$dir has no contention.tsv and samples.tsv"
command -v gnuplot >/dev/null || die "gnuplot is missing: run 'make deps'"

# Rows: "mode/variant", then per segment the count per run and the wait
# per run in ms. The header names the segments.
awk -F '\t' '
	FNR == 1 { file++; next }
	file == 1 && NF == 8 {
		if ($5 != "mm/slub.o")
			other[$5] += $7
		cnt[$3 SUBSEP $2 SUBSEP $5] += $7
		wt[$3 SUBSEP $2 SUBSEP $5] += $8
		next
	}
	file == 2 && $3 ~ /^contention_.*_context_switches$/ {
		m = $3
		sub(/^contention_/, "", m)
		sub(/_context_switches$/, "", m)
		if (!((m SUBSEP $2) in runs))
			bars[++nbars] = m SUBSEP $2
		runs[m SUBSEP $2]++
	}
	END {
		if (nbars == 0)
			exit 1
		nseg = 1
		segs[1] = "mm/slub.o"
		for (t = 1; t <= 4; t++) {
			best = ""
			for (s in other)
				if (!(s in picked) && (best == "" || other[s] > other[best]))
					best = s
			if (best == "")
				break
			picked[best] = 1
			segs[++nseg] = best
		}
		printf "bar"
		for (i = 1; i <= nseg; i++)
			printf "\t%s", segs[i]
		printf "\trest"
		for (i = 1; i <= nseg; i++)
			printf "\t%s", segs[i]
		print "\trest"
		for (b = 1; b <= nbars; b++) {
			split(bars[b], k, SUBSEP)
			n = runs[bars[b]]
			printf "%s/%s", k[1], k[2]
			for (pass = 1; pass <= 2; pass++) {
				rest = 0
				for (key in cnt) {
					split(key, p, SUBSEP)
					if (p[1] != k[1] || p[2] != k[2])
						continue
					if (!((p[3]) in picked) && p[3] != "mm/slub.o")
						rest += pass == 1 ? cnt[key] : wt[key] / 1e6
				}
				for (i = 1; i <= nseg; i++) {
					key = bars[b] SUBSEP segs[i]
					printf "\t%.2f", (pass == 1 ? cnt[key] : wt[key] / 1e6) / n
				}
				printf "\t%.2f", rest / n
			}
			print ""
		}
	}' "$dir/contention.tsv" "$dir/samples.tsv" >"$dir/contention.dat" ||
	die "no traced runs in $dir to plot"

nseg=$(head -n 1 "$dir/contention.dat" | awk -F '\t' '{ print (NF - 1) / 2 }')
nbars=$(($(wc -l <"$dir/contention.dat") - 1))
width=$((400 + 60 * nbars))
cat >"$dir/contention.gp" <<EOF
set datafile separator "\t"
set style data histograms
set style histogram rowstacked
set style fill solid 0.8 border -1
set boxwidth 0.7
set key outside bottom center horizontal
set xtics rotate by -35 left
set grid ytics
set yrange [0:*]
do for [out in "svg png"] {
	if (out eq "svg") {
		set terminal svg size $((width * 2)),560 font 'sans,11' background '#ffffff'
	} else {
		# not every gnuplot build has cairo
		if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
			set terminal pngcairo size $((width * 2)),560 font 'sans,10'
		} else {
			set terminal png size $((width * 2)),560
		}
	}
	set termoption noenhanced
	set output '$dir/contention.' . out
	set multiplot layout 1,2 title 'lock contention per traced hackbench run, by caller'
	set title 'contended acquisitions'
	plot for [i=2:$((nseg + 1))] '$dir/contention.dat' using i:xtic(1) title columnheader(i)
	set title 'wait (trace-clock ms)'
	plot for [i=$((nseg + 2)):$((2 * nseg + 1))] '$dir/contention.dat' using i:xtic(1) title columnheader(i)
	unset multiplot
}
EOF
gnuplot "$dir/contention.gp" || die "gnuplot failed on $dir/contention.gp"
