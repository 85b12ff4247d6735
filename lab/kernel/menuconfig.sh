#!/bin/sh
# menuconfig.sh [--edit 'SCRIPTS-CONFIG-ARGS'] VARIANT: the kernel's
# menuconfig on the .config the variant's build uses (lab/kernel/configure.sh:
# tinyconfig, its fragments, and the changes saved before). On exit, what
# differs from the variant's declared fragments is saved as one line an
# option in its build's local fragment, local/BUILD.config, which build,
# boot, bench and hackbench of the build's variants then use until the file
# is removed. A change that would make an option of the fragments, or of
# the change itself, not survive olddefconfig is refused by name, and
# nothing is saved.
#
#   --edit ARGS   no menus: run the kernel's scripts/config ARGS on the
#                 .config instead (for tests and scripts; e.g.
#                 --edit '--disable SLUB_CPU_PARTIAL')
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="make menuconfig VARIANT=NAME [EDIT='scripts/config args']  (lab/kernel/menuconfig.sh [--edit ARGS] VARIANT)"

edit_args= menus=1
while [ $# -gt 0 ]; do
	case $1 in
	--edit) [ $# -ge 2 ] || usage_die "--edit needs scripts/config arguments"; edit_args=$2 menus=0; shift 2 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || usage_die "missing VARIANT=NAME ('sh lab/kernel/variants.sh' lists the variants)"
[ $# -eq 1 ] || usage_die "expected one variant name, not: $*"
load_variant "$1"
if [ $menus = 1 ]; then
	[ -t 0 ] || die "menuconfig needs a terminal; without one, use EDIT='scripts/config arguments'"
fi
frag=$(local_fragment "$V_BUILD")
src=$(tree_dir "$V_TREE")
work=$LAB_OBJ/menuconfig/$V_BUILD
ref=$work/declared edit=$work/edit try=$work/change
cfg() { sh "$LAB_ROOT/lab/kernel/configure.sh" "$@" "$V_NAME" >/dev/null; }

# What the fragments alone give, and what the person starts from (with
# the changes saved before, so that they can be changed again).
cfg --out "$ref" --no-local || die "variant $V_NAME does not configure (see above)"
if [ -n "$V_LOCAL" ]; then
	cfg --out "$edit" || die "variant $V_NAME with $frag does not configure; fix or remove $frag"
else
	mkdir -p "$edit"
	cp "$ref/.config" "$edit/.config"
fi
if [ $menus = 1 ]; then
	kmake "$src" "$edit" menuconfig || die "menuconfig failed; nothing saved"
else
	# shellcheck disable=SC2086
	"$src/scripts/config" --file "$edit/.config" $edit_args || die "scripts/config $edit_args failed; nothing saved"
fi
# Not what configure.sh made any more: the next run configures it again.
rm -f "$edit/.lab-config-stamp"
# scripts/config does not resolve dependencies; menuconfig already has.
kmake "$src" "$edit" olddefconfig >/dev/null

# The change: the options on which the two minimal configs (savedefconfig)
# differ, each with its value in the edited .config. An option that is
# gone from it (its dependencies are off now) needs no line.
# The declared build's minimal config changes only when configure.sh writes
# its .config again.
[ "$ref/defconfig" -nt "$ref/.config" ] || kmake "$src" "$ref" savedefconfig >/dev/null
kmake "$src" "$edit" savedefconfig >/dev/null
syms() { sed -n -e 's/^\(CONFIG_[A-Za-z0-9_]*\)=.*/\1/p' -e 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1/p' "$@"; }
# opt SYMBOL FILE: the line that sets SYMBOL in FILE; opts FILE: all of them.
opt() { grep -E "^$1=|^# $1 is not set\$" "$2"; }
opts() { grep '^CONFIG_\|^# CONFIG_.* is not set$' "$1" || true; }
cand=$work/change.config
{
	echo "# make menuconfig VARIANT=$V_NAME: changes to the build $V_BUILD"
	echo "# (tinyconfig + $V_FRAGMENTS), used by its variants until removed."
	for s in $(LC_ALL=C sort "$ref/defconfig" "$edit/defconfig" | uniq -u | syms | LC_ALL=C sort -u); do
		opt "$s" "$edit/.config" || true
	done
} >"$cand"
old=
[ -f "$frag" ] && old=$(opts "$frag")
new=$(opts "$cand")
if [ -z "$new" ]; then
	if [ -n "$old" ]; then
		rm -f "$frag"
		echo "No changes against the fragments of $V_BUILD any more: removed $frag."
	else
		echo "No changes against the fragments of $V_BUILD: nothing saved."
	fi
	exit 0
fi
if [ "$new" = "$old" ]; then
	echo "No new changes: $frag stays as it was:"
	printf '%s\n' "$new" | sed 's/^/    /'
	exit 0
fi

# The change configured as the build will, and compared: every option
# must come out as menuconfig left it.
refuse() {
	cp "$cand" "$work/refused.config"
	die "not saved: $*; the change is kept in $work/refused.config"
}
cfg --out "$try" --local "$cand" ||
	refuse "with these changes the options named above would not survive olddefconfig"
lost=$(LC_ALL=C sort "$try/.config" "$edit/.config" | uniq -u | syms | LC_ALL=C sort -u)
if [ -n "$lost" ]; then
	for s in $lost; do
		echo "    $s: menuconfig: $(opt "$s" "$edit/.config" || echo absent); the build: $(opt "$s" "$try/.config" || echo absent)" >&2
	done
	refuse "the build would not get these options as menuconfig set them (listed above)"
fi

mkdir -p "${frag%/*}"
cp "$cand" "$frag"
load_variant "$V_NAME"
others=$(boot_variants "$V_BUILD" | awk '{ printf ", %s", $0 }')
echo "Saved your changes to $V_BUILD in $frag:"
printf '%s\n' "$new" | sed 's/^/    /'
echo "make build, boot, bench and hackbench of $V_BUILD$others use them,"
echo "built in $V_OBJ. To undo: rm $frag"
