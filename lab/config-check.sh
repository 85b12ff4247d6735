#!/bin/sh
# config-check.sh DOTCONFIG FRAGMENT...
# Every line of every fragment must have survived olddefconfig: an option
# Kconfig dropped (unmet dependency, typo, out-of-range value) is named and
# the check fails.
set -eu
[ $# -ge 2 ] || { echo "usage: config-check.sh DOTCONFIG FRAGMENT..." >&2; exit 2; }
conf=$1
shift
[ -f "$conf" ] || { echo "config-check: no such file: $conf" >&2; exit 2; }
bad=0
for frag in "$@"; do
	[ -f "$frag" ] || { echo "config-check: missing fragment file $frag" >&2; exit 2; }
	n=0
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		case $line in
		CONFIG_*=*)
			sym=${line%%=*}
			grep -qxF -- "$line" "$conf" && continue
			;;
		'# CONFIG_'*' is not set')
			sym=${line#\# }
			sym=${sym%% *}
			grep -q "^$sym=" "$conf" || continue
			;;
		*) continue ;;
		esac
		now=$(grep -E "^$sym=|^# $sym is not set" "$conf" || echo "$sym absent")
		echo "config-check: $frag:$n: '$line' did not survive olddefconfig (now: $now)" >&2
		bad=1
	done <"$frag"
done
exit $bad
