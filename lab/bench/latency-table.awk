# latency-table.awk: the latency guard's tables, from lab/bench/latency.sh's
#   awk -F '\t' -f latency-table.awk sections.tsv cyclictest.tsv
# For each variant, burst size and kind of section (irqoff, preemptoff,
# preemptoff-noirq: those no hardware interrupt entered):
# the longest section in mm/slub.c (any of its four sites a SLUB function)
# and elsewhere (the tracer's own sections left out), as the largest of
# the rounds' longest and the smallest
# (boot-to-boot spread), with the sites of the longest; sections ended in
# the scheduler (slub "sched": a sleep, not a section) are left out. Then
# SLUB's preemption-off sections per kind and end site (function+offset <-
# caller): count over the rounds and the longest. The floor of each kind
# is the longest of lat_calibrate's empty sections (slub "calibration",
# kept out of both columns), the nested floor the longest of its
# preemption-off sections holding one interrupts-off section, and the
# entries that left sections out of preemptoff-noirq are counted per
# kind. Then cyclictest's maximum and 99.9th percentile, the largest over
# the rounds.

function keep(k, r, what, ns, sites) {
	if (!((k, r, what) in rmax) || ns + 0 > rmax[k, r, what] + 0)
		rmax[k, r, what] = ns
	if (!((k, what) in hi) || ns + 0 > hi[k, what] + 0) {
		hi[k, what] = ns
		where[k, what] = sites
	}
	rounds[k, r] = 1
}

function spread(k, what,    r, lo) {
	lo = ""
	for (r = 1; r <= maxround; r++)
		if ((k, r) in rounds) {
			if (!((k, r, what) in rmax))
				return "-"
			if (lo == "" || rmax[k, r, what] + 0 < lo + 0)
				lo = rmax[k, r, what]
		}
	return lo
}

FNR == 1 { file++; next }
file == 1 && $4 == "entry" {
	ke = $2 SUBSEP $3 SUBSEP $8
	if (!(ke in entry_n))
		entry_order[++nentries] = ke
	entry_n[ke] += $6
	next
}
file == 1 {
	k = $2 SUBSEP $3 SUBSEP $4
	if (!(k in seen)) {
		seen[k] = 1
		order[++nk] = k
	}
	if ($1 + 0 > maxround)
		maxround = $1 + 0
	sites = ($8 == "" ? "at end " : $8 ($9 == "" ? "" : "<-" $9) " .. ") $10 "<-" $11
	if ($4 ~ /^preemptoff/ && $7 == "yes") {
		ks = $2 SUBSEP $3 SUBSEP $4 SUBSEP $10 " <- " $11
		if (!(ks in site_n))
			site_order[++nsites] = ks
		site_n[ks] += $6
		if ($5 + 0 > site_max[ks] + 0)
			site_max[ks] = $5
	}
	if ($7 == "calibration") {
		f = $10 ~ /^lat_calibrate_nested/ ? "nested" : "empty"
		if (!((k, f) in floor) || $5 + 0 > floor[k, f] + 0)
			floor[k, f] = $5
		next
	}
	if ($7 == "tracer" || $7 == "sched")
		next
	keep(k, $1, $7 == "yes" ? "slub" : "other", $5, sites)
	next
}
file == 2 {
	k = $2 SUBSEP $3
	if (!(k in ct_seen)) {
		ct_seen[k] = 1
		ct_order[++nct] = k
	}
	if (!(k in ct_max) || $6 + 0 > ct_max[k] + 0)
		ct_max[k] = $6
	if ($7 == "overflow" || (ct_p[k] != "overflow" && $7 + 0 > ct_p[k] + 0))
		ct_p[k] = $7
	ct_samples[k] += $5
	next
}

END {
	if (!nk) {
		print "no sections recorded"
		exit 1
	}
	printf "%-24s %7s %-16s %22s %22s %8s %10s %10s\n", "variant", "burst", "kind",
		"in mm/slub.c (ns)", "elsewhere (ns)", "ratio", "floor", "floor"
	printf "%-24s %7s %-16s %22s %22s %8s %10s %10s\n", "", "slabs", "",
		"max [min of rounds]", "max [min of rounds]", "slub/else", "(empty)", "(nested)"
	for (i = 1; i <= nk; i++) {
		k = order[i]
		split(k, p, SUBSEP)
		s = (k, "slub") in hi ? sprintf("%d [%s]", hi[k, "slub"], spread(k, "slub")) : "none"
		o = (k, "other") in hi ? sprintf("%d [%s]", hi[k, "other"], spread(k, "other")) : "none"
		ratio = "-"
		if ((k, "slub") in hi && (k, "other") in hi && hi[k, "other"] > 0)
			ratio = sprintf("%.2f", hi[k, "slub"] / hi[k, "other"])
		printf "%-24s %7s %-16s %22s %22s %8s %10s %10s\n", p[1], p[2], p[3], s, o, ratio,
			(k, "empty") in floor ? floor[k, "empty"] : "-",
			(k, "nested") in floor ? floor[k, "nested"] : "-"
	}
	if (length(floor)) {
		print ""
		print "floor (empty): the longest of lat_calibrate's empty sections, what the instrument adds by itself"
		print "(a section shorter than its kind's floor cannot be told from an empty one; \"-\": none timed)"
		print "floor (nested): the longest of its preemption-off sections holding one empty interrupts-off"
		print "section, which also runs the interrupts-off histogram's triggers (as any raw spinlock taken"
		print "with interrupts disabled inside a section does)"
	}
	print ""
	print "sites of the longest sections (function that toggled <- its caller, at start .. at end):"
	for (i = 1; i <= nk; i++) {
		k = order[i]
		split(k, p, SUBSEP)
		if ((k, "slub") in hi)
			printf "  %s %s %s mm/slub.c: %s\n", p[1], p[2], p[3], where[k, "slub"]
		if ((k, "other") in hi)
			printf "  %s %s %s elsewhere: %s\n", p[1], p[2], p[3], where[k, "other"]
	}
	if (nsites) {
		print ""
		print "SLUB's preemption-off sections by end site (function+offset <- caller):"
		for (i = 1; i <= nsites; i++) {
			split(site_order[i], p, SUBSEP)
			printf "  %s %s %s %s: %d sections, longest %d\n", p[1], p[2], p[3], p[4],
				site_n[site_order[i]], site_max[site_order[i]]
		}
	}
	if (nentries) {
		print ""
		print "entries inside preemption-off sections (each leaves its section out of preemptoff-noirq), over the rounds:"
		for (i = 1; i <= nentries; i++) {
			split(entry_order[i], p, SUBSEP)
			printf "  %s %s %s: %d\n", p[1], p[2], p[3], entry_n[entry_order[i]]
		}
	}
	if (nct) {
		print ""
		printf "%-24s %7s %10s %12s %12s\n", "cyclictest", "burst", "samples", "max (us)", "p99.9 (us)"
		for (i = 1; i <= nct; i++) {
			k = ct_order[i]
			split(k, p, SUBSEP)
			printf "%-24s %7s %10d %12s %12s\n", p[1], p[2], ct_samples[k], ct_max[k], ct_p[k]
		}
	}
}
