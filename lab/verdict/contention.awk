# contention.awk: the lock-contention attribution in a bench guest's
# console log (guest/trace.sh contention_run), for the one console parser
# (lab/verdict/parse.sh), which puts it in the run's record.
#   awk -f contention.awk FUNCTIONS CONSOLE-LOG
# FUNCTIONS has "name<TAB>object<TAB>size" for every text symbol of the
# build (lab/lib/facts.sh text_objects). Each histogram entry, a stack
# taken at lock:contention_begin and the lock's flags, is charged to its
# caller: the first frame whose function is not in kernel/locking/ or
# kernel/trace/ (the lock and tracepoint code), as perf lock names it.
# Output, one a line, tab-separated, as measure.awk's:
#	m contention contended N count none mode=M caller=C object=O lock=L
#	m contention wait N ns lower mode=M caller=C object=O lock=L
#	                    per hackbench mode, caller and lock type: the
#	                    contended acquisitions and their summed wait in
#	                    trace-clock ns (instruction time under QEMU's
#	                    icount); lock names the LCB_F_* flags (rtlock for
#	                    RT's sleeping spinlocks and rtmutexes, spinlock
#	                    for a raw one's queued slow path, ...)
#	m contention contention_<mode>_slub_count ... mode=M
#	                    per mode, the samples tools/compare shows:
#	                    _slub_count, _slub_wait_us, _other_count,
#	                    _other_wait_us (SLUB: the caller is in mm/slub.o)
#	                    and _context_switches (perf stat of the traced run)
#	error MESSAGE       why nothing else was printed: a guest that could
#	                    not trace, a block without its histogram's totals
#	                    or whose entries do not add up to them, an entry
#	                    it cannot read, entries the histogram dropped
# A log it refuses gives no measurement, not even its readable modes'.

function fail(msg) {
	print "error\tcontention: line " FNR ": " msg
	bad = 1
	exit 1
}

# Bit B (a power of two) of F: mawk has no and().
function bit(f, b) {
	return int(f / b) % 2
}

function lock_type(f) {
	if (f == 0)
		return "semaphore"
	if (bit(f, 16))
		return "percpu-rwsem" (bit(f, 2) ? ":R" : ":W")
	if (bit(f, 32))
		return bit(f, 1) ? "mutex-spin" : "mutex"
	if (bit(f, 8))
		return (bit(f, 2) || bit(f, 4)) ? "rwbase_rt" (bit(f, 2) ? ":R" : ":W") : "rtlock"
	if (bit(f, 1))
		return (bit(f, 2) || bit(f, 4)) ? "rwlock" (bit(f, 2) ? ":R" : ":W") : "spinlock"
	return "rwsem" (bit(f, 2) ? ":R" : ":W")
}

# A %pS frame, "name+0x1c/0x60 [module]", into frames[] and sizes[].
function add_frame(s,    size) {
	sub(/^[[:space:]]+/, "", s)
	size = s
	sub(/^[^\/]*\//, "", size)
	sub(/[^0-9a-fx].*$/, "", size)
	sub(/\+0x[0-9a-f]+\/0x[0-9a-f]+.*$/, "", s)
	frames[++nframes] = s
	sizes[nframes] = size
}

# The object of frame I. Static functions may share a name: keep the
# candidates of the frame's size, and of those the one in the object of the
# frame's caller (the next frame; a static function is called from its own
# file, or the candidates' first).
function frame_object(i,    name, j, n, cand, next_obj) {
	name = frames[i]
	if (!(name in ncand))
		return "?"
	n = 0
	for (j = 1; j <= ncand[name]; j++)
		if (cand_size[name, j] == sizes[i] || cand_size[name, j] == "")
			cand[++n] = cand_obj[name, j]
	if (n == 0)
		for (j = 1; j <= ncand[name]; j++)
			cand[++n] = cand_obj[name, j]
	if (n == 1 || i == nframes)
		return cand[1]
	next_obj = frame_object(i + 1)
	for (j = 1; j <= n; j++)
		if (cand[j] == next_obj)
			return cand[j]
	return cand[1]
}

# Charge the entry collected in frames[] to its caller.
function charge(flags, n, ns,    i, o, obj, k) {
	caller = "?"
	obj = "?"
	if (frame_object(1) == "?")
		fail("the first frame, " frames[1] ", is not in the function list: is it this kernel's?")
	for (i = 1; i <= nframes; i++) {
		o = frame_object(i)
		if (o ~ /^kernel\/(locking|trace)\//)
			continue
		caller = frames[i]
		obj = o
		break
	}
	k = mode SUBSEP caller SUBSEP obj SUBSEP lock_type(flags)
	if (!(k in count))
		order[++nkeys] = k
	count[k] += n
	wait[k] += ns
	entries++
	hits += n
	if (obj == "mm/slub.o") {
		slub_count += n
		slub_wait += ns
	} else {
		other_count += n
		other_wait += ns
	}
}

# Samples are kept until the whole log has been read, so that a log the
# parser refuses adds none.
function sample(metric, value, unit, better) {
	sample_line[++nsamples] = sprintf("m\tcontention\t%s\t%s\t%s\t%s\tmode=%s", metric, value,
		unit, better == "" ? "lower" : better, mode)
}

BEGIN {
	OFS = "\t"
}
FILENAME == ARGV[1] {
	split($0, f, "\t")
	j = ++ncand[f[1]]
	cand_obj[f[1], j] = f[2]
	cand_size[f[1], j] = f[3]
	next
}
{ sub(/\r$/, "") }
/^LAB-CONTENTION missing: / {
	sub(/^LAB-CONTENTION missing: /, "")
	fail("the guest could not trace: " $0)
}
/^LAB-CONTENTION-BEGIN / {
	if (inblock)
		fail("contention block of " $2 " begins inside " mode "'s")
	mode = $2
	inblock = 1
	inentry = 0
	entries = hits = 0
	total_entries = total_hits = -1
	dropped = -1
	ctxsw = ""
	slub_count = slub_wait = other_count = other_wait = 0
	next
}
!inblock { next }
/^LAB-CONTENTION-END / {
	if ($2 != mode)
		fail("contention block of " mode " ends as " $2)
	if ($3 != "status=0")
		fail("the traced hackbench run of " mode " failed (" $3 ")")
	if (inentry)
		fail("histogram entry of " mode " not closed")
	if (total_entries < 0)
		fail("histogram of " mode " has no totals (cut short?)")
	if (total_entries != entries)
		fail("histogram of " mode " has " total_entries " entries, " entries " were read")
	if (total_hits != hits)
		fail("histogram of " mode " counts " total_hits " hits, its entries " hits)
	if (dropped > 0)
		fail("histogram of " mode " dropped " dropped " entries (table full)")
	if (ctxsw == "")
		fail("no context-switches count for " mode)
	sample("contention_" mode "_slub_count", slub_count, "count")
	sample("contention_" mode "_slub_wait_us", sprintf("%.1f", slub_wait / 1000), "us")
	sample("contention_" mode "_other_count", other_count, "count")
	sample("contention_" mode "_other_wait_us", sprintf("%.1f", other_wait / 1000), "us")
	sample("contention_" mode "_context_switches", ctxsw, "count", "none")
	inblock = 0
	next
}
$1 == "LAB-CONTENTION" && $2 == "perf" && $4 == "context-switches" {
	ctxsw = $3
	gsub(/,/, "", ctxsw)
	next
}
$1 != "LAB-CONTENTION" || $2 != "hist" { next }
{
	line = $0
	sub(/^LAB-CONTENTION hist ?/, "", line)
}
line ~ /^\{ stack\.stacktrace/ {
	if (inentry)
		fail("histogram entry begins inside another")
	inentry = 1
	nframes = 0
	sub(/^\{ stack\.stacktrace[[:space:]]*/, "", line)
	if (line != "")
		add_frame(line)
	next
}
inentry && line ~ /^, flags: / {
	if (!match(line, /^, flags: +[0-9]+\} hitcount: +[0-9]+ +ns: +[0-9]+$/))
		fail("unreadable histogram entry end: " line)
	split(line, w, /[^0-9]+/)
	# w[1] is empty (the line starts with ", flags: ").
	charge(w[2] + 0, w[3] + 0, w[4] + 0)
	inentry = 0
	next
}
inentry && line ~ /^[[:space:]]+[^[:space:]]/ {
	add_frame(line)
	next
}
inentry { fail("unreadable line in a histogram entry: " line) }
line ~ /^[[:space:]]*Hits: [0-9]+$/ { total_hits = $NF + 0; next }
line ~ /^[[:space:]]*Entries: [0-9]+$/ { total_entries = $NF + 0; next }
line ~ /^[[:space:]]*Dropped: [0-9]+$/ { dropped = $NF + 0; next }
END {
	if (bad)
		exit 1
	if (inblock)
		fail("contention block of " mode " not ended (log cut short?)")
	for (i = 1; i <= nsamples; i++)
		print sample_line[i]
	for (i = 1; i <= nkeys; i++) {
		split(order[i], k, SUBSEP)
		labels = "mode=" k[1] "\tcaller=" k[2] "\tobject=" k[3] "\tlock=" k[4]
		# %.0f: mawk prints large numbers as %.6g, and %d may clip them.
		printf "m\tcontention\tcontended\t%.0f\tcount\tnone\t%s\n", count[order[i]], labels
		printf "m\tcontention\twait\t%.0f\tns\tlower\t%s\n", wait[order[i]], labels
	}
}
