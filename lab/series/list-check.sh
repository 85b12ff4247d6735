#!/bin/sh
# list-check.sh: patches/ as a maintainer takes it from the list. The cover
# letter and the patches of patches/series, in that order, make one mbox
# (a thread as lore serves it); `b4 am` on it must find the cover and every
# patch, and what it writes must apply on the upstream commit (the release
# the cover names, UPSTREAM_RELEASE) to the series tree. The cover states
# no base-commit: the lab's commits exist nowhere else. Each patch must be
# numbered k/N with the cover's revision, reply to the cover, and have
# recipients (To:).
set -eu
. "$(dirname "$0")/../lib/common.sh"
command -v b4 >/dev/null 2>&1 || die "b4 is missing: run 'make deps' (Debian's package b4)"
sh "$LAB_ROOT/lab/series/tree.sh" upstream >&2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cover=$PATCH_DIR/0000-cover-letter.patch
[ -f "$cover" ] || die "no cover letter: $cover (lab/series/tree.sh export writes it)"
patches=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$PATCH_DIR/series")
n=$(printf '%s\n' "$patches" | grep -c .)

# header FILE NAME: the value of the header NAME in FILE (unfolded).
header() {
	sed -n -e '/^$/q' -e "s/^$2: //p" "$1" | head -n 1
}
# The cover's prefix: what the series is for and its revision, "PATCH v3"
# or "RFC PATCH 6.12-rt v3".
prefix=$(header "$cover" Subject | sed -n 's/^\[\([^]]*PATCH[^]]*\) 0*0\/[0-9]*\].*/\1/p')
[ -n "$prefix" ] || die "the cover letter's subject has no [... PATCH ... 00/N] prefix: $(header "$cover" Subject)"
id=$(header "$cover" Message-Id)
[ -n "$id" ] || die "the cover letter has no Message-Id: export with lab/series/tree.sh export"
header "$cover" Subject | grep -q "^\[$prefix 0*0/0*$n\] " ||
	die "the cover letter's subject is not [$prefix 00/$n]: $(header "$cover" Subject)"
[ -n "$(header "$cover" To)" ] || die "the cover letter has no To:"
grep -q "^base-commit: " "$cover" && die "the cover letter states a base-commit: only $UPSTREAM_RELEASE, named in its text, is public"
grep -q -F "$UPSTREAM_RELEASE" "$cover" || die "the cover letter does not name $UPSTREAM_RELEASE, the release the series applies to"

k=0
: >"$scratch/thread.mbox"
cat "$cover" >>"$scratch/thread.mbox"
for p in $patches; do
	k=$((k + 1))
	f=$PATCH_DIR/$p
	[ -f "$f" ] || die "patches/series names $p, which does not exist"
	header "$f" Subject | grep -q "^\[$prefix 0*$k/0*$n\] " ||
		die "$p: subject is not [$prefix $k/$n]: $(header "$f" Subject)"
	[ "$(header "$f" In-Reply-To)" = "$id" ] || die "$p: not a reply to the cover letter ($id)"
	[ -n "$(header "$f" To)" ] || die "$p: no To: (lab/series/tree.sh export addresses each patch)"
	cat "$f" >>"$scratch/thread.mbox"
done

mkdir "$scratch/out"
base=$(upstream_commit)
(cd "$BASE_TREE" && b4 --offline-mode am -m "$scratch/thread.mbox" -o "$scratch/out") \
	>"$scratch/b4.log" 2>&1 || { cat "$scratch/b4.log" >&2; die "b4 am failed"; }
for want in "Total patches: $n\$" "^Cover: "; do
	grep -q -e "$want" "$scratch/b4.log" || { cat "$scratch/b4.log" >&2; die "b4 am did not say /$want/"; }
done
! grep -q 'Thread incomplete' "$scratch/b4.log" || { cat "$scratch/b4.log" >&2; die "b4 am: thread incomplete"; }

# What b4 wrote for git am, applied on the upstream commit.
mkdir "$scratch/split"
git mailsplit -o"$scratch/split" "$scratch"/out/*.mbx >/dev/null
index=$scratch/index
GIT_INDEX_FILE=$index git -C "$BASE_TREE" read-tree "$base"
for m in "$scratch"/split/*; do
	git mailinfo "$m.msg" "$m.diff" <"$m" >/dev/null
	GIT_INDEX_FILE=$index git -C "$BASE_TREE" apply --cached "$m.diff" ||
		die "b4's mbox does not apply on the upstream commit: message ${m##*/}"
done
got=$(GIT_INDEX_FILE=$index git -C "$BASE_TREE" write-tree)
want=$(git -C "$SERIES_TREE" rev-parse 'HEAD^{tree}')
[ "$got" = "$want" ] || die "b4 am's mbox gives tree $got, not the series tree's $want"
echo "b4 am: cover and $n patches ($prefix); on $UPSTREAM_RELEASE's files they apply to the series tree"
