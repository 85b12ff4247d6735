# guest/ktap.sh broken: a result's diagnostics printed after its line, as
# the lab's guests wrote them before KTAP's order was kept.
/^	for _kr_d; do$/,/^	done$/d
/^ktap_result() {$/,/^}$/s/^	esac$/&\
	for _kr_d; do printf '%s\\n' "$_kr_d" | sed -e '\/^$\/d' -e 's\/^\/# \/'; done/
