# contention-table.awk: the attribution table of a bench run.
#   awk [-v top=N] [-v order="V..."] -f contention-table.awk CONTENTION-TSV SAMPLES-TSV
# CONTENTION-TSV holds the records' contention rows (lab/bench/samples.jq:
# round variant mode caller object lock count wait_ns); SAMPLES-TSV gives each traced run's
# context switches (metric contention_<mode>_context_switches), which also
# count the runs. Every figure is a mean per traced hackbench run. Prints,
# per hackbench mode and variant (in ORDER, or samples.tsv's): context
# switches, contended acquisitions and their wait in all and SLUB's share
# (callers in mm/slub.o), then the top N callers (default 4) with their
# object file and lock type, and the top N of SLUB's.

function ms(ns) {
	return sprintf("%.1f", ns / 1e6)
}

function pct(part, whole) {
	return whole > 0 ? sprintf("%.1f%%", 100 * part / whole) : "-"
}

# print_top(KEY, SLUB_ONLY): the N callers of a mode and variant with the
# most contended acquisitions (only mm/slub.o's with SLUB_ONLY).
function print_top(key, slub_only,    list, call, ncall, i, t, best, tmp, part, n) {
	n = runs[key]
	ncall = 0
	split(substr(callers[key], 2), list, "\n")
	for (i = 1; i in list; i++)
		if (!slub_only || index(list[i], "(mm/slub.o, "))
			call[++ncall] = key SUBSEP list[i]
	# Selection sort of the first N, by contended acquisitions.
	for (t = 1; t <= top && t <= ncall; t++) {
		best = t
		for (i = t + 1; i <= ncall; i++)
			if (caller_count[call[i]] > caller_count[call[best]])
				best = i
		tmp = call[t]
		call[t] = call[best]
		call[best] = tmp
		split(call[t], part, SUBSEP)
		printf "    %10.1f %9s  %s\n", caller_count[call[t]] / n,
			ms(caller_wait[call[t]] / n), part[3]
	}
}

BEGIN {
	FS = "\t"
	if (top == "")
		top = 4
	if (order != "")
		nvariants = split(order, variants, " ")
}
FNR == 1 { file++ }
file == 1 {
	if ($1 == "round" || NF != 8)
		next
	key = $3 SUBSEP $2
	count[key] += $7
	wait[key] += $8
	if ($5 == "mm/slub.o") {
		slub_count[key] += $7
		slub_wait[key] += $8
	}
	name = $4 " (" $5 ", " $6 ")"
	c = key SUBSEP name
	if (!(c in caller_count))
		callers[key] = callers[key] "\n" name
	caller_count[c] += $7
	caller_wait[c] += $8
	next
}
file == 2 && $3 ~ /^contention_.*_context_switches$/ {
	mode = $3
	sub(/^contention_/, "", mode)
	sub(/_context_switches$/, "", mode)
	if (!(mode in seen_mode)) {
		seen_mode[mode] = 1
		modes[++nmodes] = mode
	}
	if (order == "" && !($2 in seen_variant)) {
		seen_variant[$2] = 1
		variants[++nvariants] = $2
	}
	key = mode SUBSEP $2
	runs[key]++
	ctxsw[key] += $4
	# Every sum a traced run reports, set to a number: gawk 5.2 reads an
	# element never set as garbage once it has been passed to a function.
	count[key] += 0
	wait[key] += 0
	slub_count[key] += 0
	slub_wait[key] += 0
}
END {
	if (nmodes == 0) {
		print "contention-table: no traced runs (no contention_*_context_switches samples)" > "/dev/stderr"
		exit 1
	}
	print "Lock contention per traced hackbench run (means; wait: trace-clock ms summed over the waiting tasks)"
	for (m = 1; m <= nmodes; m++) {
		printf "\n== %s\n", modes[m]
		printf "%-24s %4s %12s %10s %9s %7s %10s %9s %7s\n", "variant", "runs",
			"ctx-switch", "contended", "SLUB", "SLUB%", "wait_ms", "SLUB_ms", "SLUB%"
		for (v = 1; v <= nvariants; v++) {
			key = modes[m] SUBSEP variants[v]
			n = runs[key]
			if (!n)
				continue
			printf "%-24s %4d %12.0f %10.1f %9.1f %7s %10s %9s %7s\n", variants[v], n,
				ctxsw[key] / n, count[key] / n, slub_count[key] / n,
				pct(slub_count[key], count[key]), ms(wait[key] / n),
				ms(slub_wait[key] / n), pct(slub_wait[key], wait[key])
		}
		for (v = 1; v <= nvariants; v++) {
			key = modes[m] SUBSEP variants[v]
			if (runs[key] == 0 || count[key] == 0)
				continue
			printf "  %s, top callers (contended, wait_ms per run):\n", variants[v]
			print_top(key, 0)
			if (slub_count[key] > 0) {
				printf "  %s, SLUB's callers:\n", variants[v]
				print_top(key, 1)
			}
		}
	}
}
