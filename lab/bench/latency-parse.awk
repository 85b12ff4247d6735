# latency-parse.awk: read the latency guard's console log (guest/trace.sh
# latency_report and cyclictest_stop) into rows.
#   awk -v round=R -v variant=V -v burst=B [-v cyclictest=FILE] \
#       -f latency-parse.awk SYSTEM.MAP SLUB-FUNCTIONS CONSOLE-LOG
# Prints one tab-separated row per histogram entry (start site and end
# site's caller) and one for the kernel tracer's longest section:
#   round variant burst kind max_ns count slub start start_caller end end_caller
# kind is irqoff (the histogram; a site is the function that disabled or
# enabled interrupts and its caller, named from System.map, as the
# histogram has offsets from _stext; end is the function that ended the
# entry's longest section), preemptoff (guest/trace.sh preemptoff_sites:
# a site is the first frame of the stack at the section's end outside
# the preempt-count toggle and its caller, with their offsets, in end and
# end_caller; start and start_caller are empty; count sums the site's
# stacks), preemptoff-noirq (the same, of the sections that no hardware
# interrupt, exception or NMI entered; present when the guest armed it,
# noirq=yes), entry (how many entries of one kind, named in start, came
# inside a preemption-off section and so left it out of
# preemptoff-noirq: count; a report of noirq sections with no entry at all
# is refused, as its exclusion cannot have run)
# or preemptirqsoff (the tracer's maximum: start and end as it names them,
# no callers, count 1). slub is "yes" when a site, or for the tracer a
# function on its stack, is one of mm/slub.o's (SLUB-FUNCTIONS, one name a
# line; for preemptoff the end site, or its caller when the end is a raw
# unlock), "tracer" for the irqsoff tracer's own sections (start_ or
# stop_critical_timing), "sched" for a preemption-off section ended in the
# scheduler (a task that slept or was switched out with preemption off is
# paired with its own return when no other task toggled meanwhile: not a
# section). cyclictest's figures go to
# FILE (round variant burst threads samples max_us p999_us overflows).
# Exits 1, saying why on stderr, on a log without a complete report.

function hexval(h,    i, v) {
	v = 0
	h = tolower(h)
	for (i = 1; i <= length(h); i++)
		v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
	return v
}

# The function holding offset OFF from _stext (binary search in sym_off);
# past the kernel's last text symbol it is a module's: lat_calibrate's, when
# the guest said where that is (LAB-CALIBRATE text_off=).
function site(off,    lo, hi, mid) {
	if (calib_size && off >= calib_off && off < calib_off + calib_size)
		return "lat_calibrate"
	if (nsyms == 0 || off < sym_off[1])
		return "?"
	if (off > sym_off[nsyms] + 65536)
		return "[module]"
	lo = 1
	hi = nsyms
	while (lo < hi) {
		mid = int((lo + hi + 1) / 2)
		if (sym_off[mid] <= off)
			lo = mid
		else
			hi = mid - 1
	}
	return sym_name[lo]
}

# A histogram key field (an s32 printed as u64) as a signed offset.
function offset(v) {
	v += 0
	return v >= 2147483648 ? v - 4294967296 : v
}

function fail(msg) {
	print "latency-parse: " FILENAME ": " msg > "/dev/stderr"
	bad = 1
	exit 1
}

BEGIN {
	OFS = "\t"
	file = 0
	sched_re = "^(__schedule|schedule|schedule_idle|schedule_preempt_disabled|preempt_schedule|preempt_schedule_common|preempt_schedule_irq|preempt_schedule_notrace|finish_task_switch.*)$"
}
FNR == 1 { file++ }

# System.map: text symbols, addresses in hex. Kernel text is within one
# 4 GiB region, so the low 32 bits give offsets exactly (awk numbers are
# doubles: a whole 64-bit address would not be).
file == 1 {
	if ($2 ~ /^[tTwW]$/ && length($1) >= 8) {
		a = hexval(substr($1, length($1) - 7))
		if ($3 == "_stext")
			stext = a
		n_raw++
		raw_addr[n_raw] = a
		raw_name[n_raw] = $3
	}
	next
}
file == 2 && FNR == 1 {
	# Offsets from _stext, in System.map's (address) order.
	for (i = 1; i <= n_raw; i++) {
		sym_off[i] = raw_addr[i] - stext
		sym_name[i] = raw_name[i]
	}
	nsyms = n_raw
}
file == 2 {
	slub[$1] = 1
	next
}

# The console log. Lines start with a printk timestamp or not at all.
{ sub(/\r$/, "") }
/LAB-CALIBRATE text_off=-?[0-9]+ size=[0-9]+/ {
	calib_off = $0
	sub(/.*text_off=/, "", calib_off)
	sub(/ .*/, "", calib_off)
	calib_size = $0
	sub(/.*size=/, "", calib_size)
	calib_off += 0
	calib_size += 0
	next
}
/LAB-LATENCY armed / {
	armed = 1
	noirq = / noirq=yes/
	# The kernel's tracer runs beside the histograms unless the guest
	# said it did not (tracer=no).
	tracer = !/ tracer=no/
	next
}
/LAB-LATENCY missing:/ {
	sub(/.*LAB-LATENCY missing: /, "")
	fail("the guest could not trace: " $0)
}
/LAB-LATENCY-BEGIN irqoff$/ {
	kind = $NF
	key = ""
	next
}
/LAB-LATENCY-END irqoff$/ {
	done[$NF] = 1
	kind = ""
	next
}
kind != "" && /\{ s0: / {
	line = $0
	sub(/.*\{ /, "", line)
	gsub(/[{},:]/, " ", line)
	n = split(line, f, /[ \t]+/)
	for (i = 1; i < n; i++)
		if (f[i] ~ /^(s0|s1|e1)$/)
			v[f[i]] = offset(f[i + 1])
		else if (f[i] == "hitcount")
			hits = f[i + 1]
	key = 1
	next
}
kind != "" && key != "" && /max: +[0-9]+ +e0: +[0-9]+/ {
	m = $0
	sub(/.*max: +/, "", m)
	e = m
	sub(/[^0-9].*/, "", m)
	sub(/.*e0: +/, "", e)
	v["e0"] = offset(e)
	key = ""
	# A start on one side of tracing's own setup and an end on the other
	# gives a negative span, read as a huge u64: not a section.
	if (length(m) > 15) {
		unpaired[kind]++
		next
	}
	s0 = site(v["s0"]); s1 = site(v["s1"]); e0 = site(v["e0"]); e1 = site(v["e1"])
	in_slub = (s0 in slub || s1 in slub || e0 in slub || e1 in slub) ? "yes" : "no"
	# The latency tracer's own bookkeeping is the measurement, not the load;
	# lat_calibrate's empty sections measure the instrument itself.
	if ((s0 " " s1 " " e0 " " e1) ~ /_critical_timing/)
		in_slub = "tracer"
	if (s0 == "lat_calibrate" || e0 == "lat_calibrate")
		in_slub = "calibration"
	print round, variant, burst, kind, m, hits, in_slub, s0, s1, e0, e1
	rows[kind]++
	next
}
kind != "" && /Entries: +[0-9]+/ {
	entries[kind] = $NF
	next
}
kind != "" && /Dropped: +[1-9]/ {
	dropped[kind] = 1
	next
}
/LAB-LATENCY-BEGIN preemptoff(-noirq)?$/ {
	pre = $NF
	next
}
/LAB-LATENCY-END preemptoff(-noirq)?$/ {
	pre = ""
	done[$NF] = 1
	next
}
pre != "" && / site max=[0-9]+ hits=[0-9]+ entries=[0-9]+ frames / {
	line = $0
	sub(/.* site max=/, "", line)
	n = split(line, f, /[ \t]+/)
	m = f[1]
	hits = f[2]
	sub(/^hits=/, "", hits)
	ne = f[3]
	sub(/^entries=/, "", ne)
	e0 = f[5]
	e1 = f[6]
	if (e0 == "")
		fail("a preemption-off site with no frame: " $0)
	if (length(m) > 15) {
		unpaired[pre] += ne
		next
	}
	fn = e0
	sub(/\+.*/, "", fn)
	fn1 = e1
	sub(/\+.*/, "", fn1)
	# SLUB's: a section ended in mm/slub.c, or a raw lock hold that a
	# SLUB function ended. One ended inside a lock or migrate primitive
	# that SLUB called (rt_spin_lock(), migrate_enable()) is the
	# primitive's own, the same for every caller.
	in_slub = (fn in slub || (fn1 in slub && fn ~ /^_raw_(spin|read|write)_unlock/)) ? "yes" : "no"
	if (fn ~ sched_re)
		in_slub = "sched"
	if (fn ~ /^lat_calibrate_/)
		in_slub = "calibration"
	print round, variant, burst, pre, m, hits, in_slub, "", "", e0, e1
	rows[pre] += ne
	next
}
/LAB-LATENCY entry-kind [0-9]+ / {
	entry_name[$(NF - 1)] = $NF
	next
}
/LAB-LATENCY-BEGIN entries$/ { ent = 1; next }
/LAB-LATENCY-END entries$/ { ent = 0; done_entries = 1; next }
ent && /LAB-LATENCY entry [0-9]+ hits=[0-9]+$/ {
	h = $NF
	sub(/^hits=/, "", h)
	k = $(NF - 1)
	if (!(k in entry_name))
		fail("an entry of kind " k ", which the guest never named")
	print round, variant, burst, "entry", 0, h, "no", entry_name[k], "", "", ""
	entry_hits += h
	next
}
pre != "" && /Entries: +[0-9]+/ {
	entries[pre] = $NF
	next
}
pre != "" && /Dropped: +[1-9]/ {
	dropped[pre] = 1
	next
}
/LAB-LATENCY-BEGIN tracer max_us=[0-9]+$/ {
	tr = 1
	tr_us = $NF
	sub(/.*=/, "", tr_us)
	tr_slub = "no"
	next
}
tr && /LAB-LATENCY tracer # +=> started at: / { tr_start = $NF; next }
tr && /LAB-LATENCY tracer # +=> ended at: / { tr_end = $NF; next }
tr && /LAB-LATENCY tracer +=> / {
	if ($NF in slub)
		tr_slub = "yes"
	next
}
/LAB-LATENCY-END tracer$/ {
	tr = 0
	if (tr_start == "" || tr_end == "")
		fail("the tracer's report names no start or end")
	print round, variant, burst, "preemptirqsoff", tr_us * 1000, 1, tr_slub, tr_start, "", tr_end, ""
	done["tracer"] = 1
	next
}
/LAB-CYCLICTEST-BEGIN/ { ct = 1; next }
/LAB-CYCLICTEST-END/ { ct = 0; ct_done = 1; next }
ct && /LAB-CYCLICTEST # Max Latencies:/ {
	sub(/.*Max Latencies: */, "")
	ct_threads = split($0, ct_max_f, /[ \t]+/)
	ct_max = 0
	for (i = 1; i <= ct_threads; i++)
		if (ct_max_f[i] + 0 > ct_max)
			ct_max = ct_max_f[i] + 0
	next
}
ct && /LAB-CYCLICTEST # Histogram Overflows:/ {
	sub(/.*Overflows: */, "")
	n = split($0, f, /[ \t]+/)
	for (i = 1; i <= n; i++)
		ct_over += f[i]
	next
}
ct && /LAB-CYCLICTEST [0-9]+[ \t]/ {
	sub(/.*LAB-CYCLICTEST /, "")
	n = split($0, f, /[ \t]+/)
	for (i = 2; i <= n; i++) {
		ct_count[f[1] + 0] += f[i]
		ct_total += f[i]
	}
	next
}

END {
	if (bad)
		exit 1
	if (ARGC != 4)
		fail("expected System.map, the mm/slub.o function list and a console log")
	if (file < 3)
		fail("the console log is empty: the tracers never armed")
	if (!stext)
		fail("no _stext in System.map")
	if (!armed)
		fail("the guest never armed the tracers (no 'LAB-LATENCY armed')")
	if (!done["irqoff"] || !done["preemptoff"] || (tracer && !done["tracer"]) || (noirq && !done["preemptoff-noirq"]))
		fail("the report is incomplete (no LAB-LATENCY-END for the histograms and the tracer)")
	# Interrupts come in every preemption-off section now and then: with
	# none counted the exclusion did not run, and the noirq maxima are
	# those of every section.
	if (noirq && !done_entries)
		fail("the report has no count of the entries inside preemption-off sections")
	if (noirq && !entry_hits)
		fail("no interrupt, exception or NMI entered a preemption-off section: the preemptoff-noirq exclusion did not run")
	for (k in done) {
		if (k == "tracer")
			continue
		if (!rows[k])
			fail("no " k " section was recorded")
		if (entries[k] != rows[k] + unpaired[k])
			fail("the " k " histogram has " entries[k] + 0 " entries, " rows[k] + unpaired[k] " were read")
		if (dropped[k])
			print "latency-parse: the " k " histogram dropped entries: raise size= in guest/trace.sh" > "/dev/stderr"
	}
	if (cyclictest != "") {
		if (!ct_done)
			fail("no cyclictest report")
		# p99.9: the smallest bucket (us) below which 99.9% of samples fell;
		# an overflowed sample counts above every bucket.
		all = ct_total + ct_over
		p = -1
		if (all > 0) {
			need = all * 0.999
			cum = 0
			for (b = 0; b <= 20000 && p < 0; b++) {
				cum += ct_count[b]
				if (cum >= need)
					p = b
			}
		}
		print round, variant, burst, ct_threads, all, ct_max, (p < 0 ? "overflow" : p), ct_over + 0 > cyclictest
	}
}
