# ktap.awk: the lab's one reader of KTAP, run by the guest's judge
# (busybox awk, /lab/ktap.awk) on the kernel's KUnit output and by the
# host's one console parser (lab/verdict/parse.sh) on the guest's own
# results.
#
# Input: a console or kernel log; printk timestamps and carriage returns
# are dropped, lines before the first "KTAP version" (or kselftest's "TAP
# version") are skipped.
# Output, one a line, tab-separated:
#	pass|fail|skip ID   a result of depth 0 (ID: its name) or depth 1 (ID:
#	                    the suite's name, "_", the case's: from its
#	                    "# Subtest:" line, or else its own result line,
#	                    after which its cases are printed); deeper results
#	                    (KUnit's parameters) are summed up by their case's
#	diag ID TEXT        a diagnostic line ("# TEXT") of the result just
#	                    printed: KTAP puts a result's diagnostics directly
#	                    before it, so each belongs to the next result of
#	                    its depth (a line "diag" follows its result)
#	plan N              a plan "1..N" of depth 0
#	running ID          at the end, a case of depth 1 that printed a
#	                    diagnostic ("# NAME: ...") and no result after it:
#	                    what ran when the log stopped; its diagnostics
#	                    follow it
# IDs are written as a LAVA farm stores them: lower case, '_' for anything
# but a letter, digit or '_', with -v prefix=P put in front.
#
# Results: "ok" passes, "ok ... # SKIP" and, as kunit.py reads it, "not
# ok ... # SKIP" skip; any other "not ok" (# TIMEOUT among them) fails.
# Depth: a "KTAP version" or "# Subtest:" line indented deeper than the
# level it is in opens a level at its indent, and a line back at a
# shallower indent closes the deeper ones (lines that are not KTAP's, as
# the kernel's own messages between KUnit's, count for nothing). So the
# spec's two spaces a level and KUnit's four are both read. The kselftest runner does not
# indent what a test prints but prefixes it with "# ": at depth 0 such a
# line, "# ok 1 ..." included, is a diagnostic of the runner's next result.

function id(name) {
	name = tolower(prefix name)
	gsub(/[^a-z0-9_]/, "_", name)
	return name
}

# depth_at(IND): the level of a line indented IND, closing deeper levels.
function depth_at(ind) {
	while (nlev > 0 && ind < lev[nlev])
		delete_level()
	return nlev
}

function delete_level() {
	npend[nlev] = 0
	nlev--
}

# open_at(IND): a header line at IND: a new level when deeper.
function open_at(ind) {
	depth_at(ind)
	if (ind > lev[nlev]) {
		nlev++
		lev[nlev] = ind
		npend[nlev] = 0
		suite[nlev] = ""
	}
}

# flush(D, ID): the pending diagnostics of depth D, as ID's.
function flush(d, rid,    i) {
	for (i = 1; i <= npend[d]; i++)
		print "diag\t" rid "\t" pend[d, i]
	npend[d] = 0
}

{
	sub(/\r$/, "")
	sub(/^\[[^]]*\] ?/, "")
}
!ktap && /^ *K?TAP version/ {
	ktap = 1
	match($0, /^ */)
	nlev = 0
	lev[0] = RLENGTH
	npend[0] = 0
	next
}
!ktap { next }
{
	match($0, /^ */)
	ind = RLENGTH
	line = substr($0, RLENGTH + 1)
}
line ~ /^K?TAP version/ { open_at(ind); next }
line ~ /^# Subtest: / {
	open_at(ind)
	suite[nlev] = substr(line, 12)
	next
}
# KUnit's header names the suite's module: not a case's diagnostic.
line ~ /^# module: / { next }
# Other lines (the kernel's own messages between KUnit's, a failed
# expectation's indented detail) change nothing.
line !~ /^((not )?ok [0-9]+|1\.\.[0-9]+$|# )/ { next }
{ depth = depth_at(ind) }
# A result deeper than any level opened (no header before it) opens one.
ind > lev[nlev] && line ~ /^(not )?ok [0-9]+/ {
	open_at(ind)
	depth = nlev
}
depth == 0 && line ~ /^1\.\.[0-9]+$/ { print "plan\t" substr(line, 4); next }
line ~ /^# / {
	if (depth <= 1)
		pend[depth, ++npend[depth]] = substr(line, 3)
	if (depth == 1 && line ~ /^# [A-Za-z0-9_.]+: /) {
		running = line
		sub(/^# /, "", running)
		sub(/[.:].*/, "", running)
		running = id(suite[1] "." running)
	}
	next
}
line ~ /^(not )?ok [0-9]+/ {
	status = "pass"
	if (line ~ /^[^#]* # [Ss][Kk][Ii][Pp]/)
		status = "skip"
	else if (line ~ /^not ok/)
		status = "fail"
	sub(/^(not )?ok [0-9]+ ?(- )?/, "", line)
	sub(/ # .*/, "", line)
	if (depth == 0) {
		# Cases of a suite without a "# Subtest:" line are named
		# once its own result line names it.
		for (i = 1; i <= nq; i++) {
			print qstatus[i] "\t" id(line "." qname[i])
			for (j = 1; j <= qdiags[i]; j++)
				print "diag\t" id(line "." qname[i]) "\t" qdiag[i, j]
		}
		nq = 0
		print status "\t" id(line)
		flush(0, id(line))
	} else if (depth == 1 && suite[1] != "") {
		print status "\t" id(suite[1] "." line)
		flush(1, id(suite[1] "." line))
		running = ""
	} else if (depth == 1) {
		qstatus[++nq] = status
		qname[nq] = line
		qdiags[nq] = npend[1]
		for (j = 1; j <= npend[1]; j++)
			qdiag[nq, j] = pend[1, j]
		npend[1] = 0
		running = ""
	} else {
		npend[depth] = 0
	}
}
END {
	if (running != "") {
		print "running\t" running
		if (nlev >= 1)
			flush(1, running)
	}
}
