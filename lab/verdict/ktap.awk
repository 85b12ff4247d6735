# ktap.awk: the lab's one reader of KTAP, run by the guest's judge
# (busybox awk, /lab/ktap.awk) on the kernel's KUnit output and by the
# host's lab/verdict/record.sh on the guest's own results.
#
# Input: a console or kernel log; printk timestamps and carriage returns
# are dropped, lines before the first "KTAP version" are skipped.
# Output, one a line, tab-separated:
#	pass|fail|skip ID   a result of depth 0 (ID: its name) or depth 1 (ID:
#	                    the suite's name, "_", the case's); deeper results
#	                    (KUnit's parameters) are summed up by their case's
#	plan N              a plan "1..N" of depth 0
#	diag ID TEXT        a diagnostic line ("# TEXT") of depth 0 after the
#	                    failed result ID, before the next result
#	running ID          at the end, a case of depth 1 that printed a
#	                    diagnostic ("# NAME: ...") and no result after it:
#	                    what ran when the log stopped
# IDs are written as a LAVA farm stores them: lower case, '_' for anything
# but a letter, digit or '_', with -v prefix=P put in front.
# "not ok" is a failure even with "# SKIP" (kunit.py would call it a skip).

function id(name) {
	name = tolower(prefix name)
	gsub(/[^a-z0-9_]/, "_", name)
	return name
}

{
	sub(/\r$/, "")
	sub(/^\[[^]]*\] ?/, "")
}
/^ *KTAP version/ { ktap = 1 }
!ktap { next }
{
	match($0, /^ */)
	depth = int(RLENGTH / 4)
	line = substr($0, RLENGTH + 1)
}
line ~ /^# Subtest: / { suite[depth] = substr(line, 12); next }
depth == 0 && line ~ /^# / && failed != "" { print "diag\t" failed "\t" substr(line, 3); next }
depth == 0 && line ~ /^1\.\.[0-9]+$/ { print "plan\t" substr(line, 4); next }
depth == 1 && line ~ /^# [A-Za-z0-9_.]+: / {
	running = line
	sub(/^# /, "", running)
	sub(/[.:].*/, "", running)
	running = id(suite[1] "." running)
	next
}
line ~ /^(not )?ok [0-9]+ / {
	status = "pass"
	if (line ~ /^not ok/) {
		status = "fail"
		sub(/^not /, "", line)
	} else if (line ~ / # SKIP/) {
		status = "skip"
	}
	sub(/^ok [0-9]+ /, "", line)
	sub(/ # .*/, "", line)
	if (depth == 0) {
		print status "\t" id(line)
		failed = status == "fail" ? id(line) : ""
	} else if (depth == 1 && suite[1] != "") {
		print status "\t" id(suite[1] "." line)
		running = ""
	}
}
END { if (running != "") print "running\t" running }
