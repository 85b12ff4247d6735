# mail-finish.awk: make one message of git format-patch ready for the list.
# Folded header lines are joined (b4 0.12 fails on a folded From:), To: and
# Cc: go after Subject:, and in the cover letter format-patch's
# placeholders take the subject and the text.
#   awk -v to=LIST -v cc=LIST [-v subject=TEXT -v text=FILE] -f mail-finish.awk MSG
# to and cc are comma-separated; empty leaves the header out.
BEGIN { head = 1 }
function flush() {
	if (held == "")
		return
	if (subject != "" && (i = index(held, "*** SUBJECT HERE ***")) > 0)
		held = substr(held, 1, i - 1) subject substr(held, i + 20)
	print held
	if (held ~ /^Subject: /) {
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
{ print }
