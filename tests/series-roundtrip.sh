#!/bin/sh
# Series round trip on a scratch copy of patches/ and a scratch series tree:
# apply, commit a change, export, verify, and a fresh apply gives the same
# tree. Also: verify refuses a dirty tree, and a patch that does not apply
# is reported.
set -u
cd "$(dirname "$0")/.."
. lab/lib/cases.sh
scratch=$(mktemp -d)
cleanup() {
	git -C build/src/base worktree remove --force "$scratch/series" 2>/dev/null
	git -C build/src/base worktree prune
	b=series-$(printf '%s' "$scratch/series" | cksum | cut -d' ' -f1)
	git -C build/src/base branch -q -D "$b" 2>/dev/null
	rm -rf "$scratch"
}
trap cleanup EXIT
cp -r patches "$scratch/patches"
export LAB_PATCHES="$scratch/patches" LAB_SERIES_TREE="$scratch/series"
unset KERNEL_SRC

t_ok "base tree is unpacked and committed" sh lab/series/tree.sh base
# Made with plumbing at a fixed date and identity: the same on every machine.
t_says "the upstream commit is v6.12.118's files, the same commit everywhere" \
	'^1d380e5160984a346cf69885ccb2f32b0290dbd7$' \
	sh -c 'sh lab/series/tree.sh upstream 2>/dev/null && git -C build/src/base rev-parse upstream'
t_says "on it kernel-parameters.txt is upstream's blob, not Debian's" '^c0748a3c5aa6e7106bce9658391269e390c7727a$' \
	git -C build/src/base rev-parse upstream:Documentation/admin-guide/kernel-parameters.txt
t_ok "patches/series applies on the upstream commit" sh lab/series/tree.sh series
before=$(grep -c . "$scratch/patches/series")
t_ok "the applied tree matches patches/" sh lab/series/tree.sh verify

# A new commit in the series tree is exported as one more patch.
printf '\nRound-trip test line.\n' >>"$scratch/series/Documentation/mm/slub.rst"
git -C "$scratch/series" -c user.name=t -c user.email=t@t commit -q -a \
	-m "Documentation/mm: round-trip test" -m "Signed-off-by: t <t@t>"
want=$(git -C "$scratch/series" rev-parse 'HEAD^{tree}')
t_ok "export writes the new commit and verifies it" sh lab/series/tree.sh export
after=$(grep -c . "$scratch/patches/series")
# The subject prefix the cover letter's Prefix: and Revision: make.
field() { sed -n -e '/^$/q' -e "s/^$1: *//p" "$scratch/patches/cover-letter.txt"; }
prefix="$(field Prefix)"
prefix="${prefix:-PATCH}"
[ "$(field Revision)" = 1 ] || prefix="$prefix v$(field Revision)"
t_says "the export is a thread b4 am takes, the new patch in it" "cover and $after patches \\($prefix\\)" \
	sh lab/series/list-check.sh
if [ "$after" -eq $((before + 1)) ] &&
	grep -q 'Round-trip test line' "$scratch/patches/$(tail -n 1 "$scratch/patches/series")"; then
	t_pass "series gained exactly the new patch"
else
	t_fail "series gained exactly the new patch" "before=$before after=$after"
fi

# Index lines that name Debian's blob are refused: git am -3 on upstream's
# tree could not use them.
cp -r "$scratch/patches" "$scratch/good"
kp=$(grep -l '^diff --git a/Documentation/admin-guide/kernel-parameters.txt' "$scratch"/patches/0*.patch | head -n 1)
sed -i '/^diff --git a\/Documentation\/admin-guide\/kernel-parameters.txt/{n;s/^index [0-9a-f]*\.\./index 300a8ad../}' "$kp"
t_refuses "verify refuses an index line that names Debian's kernel-parameters.txt" \
	"index line of Documentation/admin-guide/kernel-parameters.txt names 300a8ad" sh lab/series/tree.sh verify
rm -rf "$scratch/patches" && cp -r "$scratch/good" "$scratch/patches"
printf 'base-commit: 0123456789abcdef0123456789abcdef01234567\n' >>"$scratch/patches/0000-cover-letter.patch"
t_refuses "a cover letter with a base-commit no one else has is refused" "states a base-commit" \
	sh lab/series/list-check.sh
rm -rf "$scratch/patches" && mv "$scratch/good" "$scratch/patches"

# What a maintainer would not get from the list is refused.
cp -r "$scratch/patches" "$scratch/good"
sed -i '2d' "$scratch/patches/series"
t_refuses "a series with a patch left out is refused by its numbering" "subject is not \\[$prefix 00/$((after - 1))\\]" \
	sh lab/series/list-check.sh
rm -rf "$scratch/patches" && cp -r "$scratch/good" "$scratch/patches"
p3=$scratch/patches/$(sed -n 3p "$scratch/patches/series")
sed -i '/^To: /d' "$p3"
t_refuses "a patch without recipients is refused" "${p3##*/}: no To:" sh lab/series/list-check.sh
rm -rf "$scratch/patches" && cp -r "$scratch/good" "$scratch/patches"
p4=$scratch/patches/$(sed -n 4p "$scratch/patches/series")
sed -i 's/^In-Reply-To: .*/In-Reply-To: <elsewhere@example>/' "$p4"
t_refuses "a patch that is not a reply to the cover letter is refused" "${p4##*/}: not a reply" sh lab/series/list-check.sh
rm -rf "$scratch/patches" && cp -r "$scratch/good" "$scratch/patches"
sed -i 's/^Revision: .*/Revision: two/' "$scratch/patches/cover-letter.txt"
t_refuses "export refuses a revision that is not a number" "Revision: must be a number" sh lab/series/tree.sh export
rm -rf "$scratch/patches" && cp -r "$scratch/good" "$scratch/patches"
sed -i 's/^Prefix: .*/Prefix: RFC 6.12.y-rt/' "$scratch/patches/cover-letter.txt"
t_refuses "export refuses a prefix without PATCH" "Prefix: must contain PATCH" sh lab/series/tree.sh export
rm -rf "$scratch/patches" && cp -r "$scratch/good" "$scratch/patches"
t_ok "shape: each droppable patch can be left out" sh lab/series/tree.sh shape
sed -i 's/^Droppable: .*/Droppable: 1/' "$scratch/patches/cover-letter.txt"
t_refuses "shape: a patch the others build on is not droppable" "does not apply without patch 1" sh lab/series/tree.sh shape
sed -i 's/^Droppable: .*/Droppable: 99/' "$scratch/patches/cover-letter.txt"
t_refuses "shape: a droppable patch that does not exist is refused" "there is no patch 99" sh lab/series/tree.sh shape
rm -rf "$scratch/patches" && mv "$scratch/good" "$scratch/patches"

# A fresh apply from the exported patches gives the same tree. Without its
# state file, tree.sh applies again (resetting the worktree to the base).
rm -f "$scratch/series.lab-state"
t_ok "a fresh apply of the exported series works" sh lab/series/tree.sh series
got=$(git -C "$scratch/series" rev-parse 'HEAD^{tree}')
if [ -n "$want" ] && [ "$got" = "$want" ]; then
	t_pass "fresh apply reproduces the tree exactly"
else
	t_fail "fresh apply reproduces the tree exactly" "want $want got $got"
fi

# A commit that patches/ does not hold (not exported) fails verify.
printf '\nNot exported.\n' >>"$scratch/series/Documentation/mm/slub.rst"
git -C "$scratch/series" -c user.name=t -c user.email=t@t commit -q -a -m "not exported"
t_refuses "verify refuses a series tree that patches/ does not reproduce" 'differs from the series tree' \
	sh lab/series/tree.sh verify
git -C "$scratch/series" reset -q --hard HEAD~1

# The base commit must list exactly the tarball's files.
mkdir -p "$scratch/fake/linux-source-6.12"
echo x >"$scratch/fake/linux-source-6.12/Makefile"
tar -cJf "$scratch/fake.tar.xz" -C "$scratch/fake" linux-source-6.12
t_refuses "verify refuses a base commit that is not the tarball's file list" "not the tarball's file list" \
	env LAB_TARBALL="$scratch/fake.tar.xz" sh lab/series/tree.sh verify

echo "dirty" >>"$scratch/series/Documentation/mm/slub.rst"
t_refuses "verify refuses uncommitted changes" 'uncommitted changes' sh lab/series/tree.sh verify
t_refuses "mutation refuses a series tree with uncommitted changes (it patches that tree)" \
	'uncommitted changes: commit' sh lab/check/mutation.sh
git -C "$scratch/series" checkout -q -- .

# A broken patch is reported, not silently skipped.
p="$scratch/patches/$(tail -n 1 "$scratch/patches/series")"
printf 'this is not a patch\n' >"$p"
rm -f "$scratch/series.lab-state"
t_refuses "a patch that does not apply is reported" 'does not apply' sh lab/series/tree.sh series
t_refuses "verify names the patch that does not apply" "does not apply on the base: ${p##*/}" sh lab/series/tree.sh verify
