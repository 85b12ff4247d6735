# mail-finish.awk: make one message of git format-patch ready for the list.
# Folded header lines are joined (b4 0.12 fails on a folded From:), To: and
# Cc: go after Subject:, and in the cover letter format-patch's
# placeholders take the subject and the text. With changes=FILE, a patch's
# block of FILE (blocks are separated by blank lines; a block's first line
# is the patch's subject, the rest its changes from one revision to the
# next) goes below the patch's "---" line, where git am leaves it out.
#   awk -v to=LIST -v cc=LIST [-v subject=TEXT -v text=FILE] [-v changes=FILE] -f mail-finish.awk MSG
# to and cc are comma-separated; empty leaves the header out.
BEGIN {
	head = 1
	if (changes != "") {
		title = ""
		while ((getline line < changes) > 0) {
			if (line ~ /^#/)
				continue
			if (line == "") {
				title = ""
				continue
			}
			if (title == "")
				title = line
			else
				log_of[title] = log_of[title] line "\n"
		}
		close(changes)
	}
}
function flush() {
	if (held == "")
		return
	if (subject != "" && (i = index(held, "*** SUBJECT HERE ***")) > 0)
		held = substr(held, 1, i - 1) subject substr(held, i + 20)
	print held
	if (held ~ /^Subject: /) {
		mine = held
		sub(/^Subject: (\[[^]]*\] )?/, "", mine)
		if (to != "") print "To: " to
		if (cc != "") print "Cc: " cc
	}
	held = ""
}
head && /^[ \t]/ { sub(/^[ \t]+/, " "); held = held $0; next }
head && /^$/ { flush(); head = 0; print; next }
head { flush(); held = $0; next }
text != "" && $0 == "*** BLURB HERE ***" {
	while ((getline line < text) > 0)
		print line
	close(text)
	next
}
!head && !below && $0 == "---" {
	below = 1
	print
	if (mine in log_of)
		printf "%s\n", log_of[mine]
	next
}
{ print }
