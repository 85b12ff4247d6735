#!/bin/sh
# Kernel trees: the base (Debian's linux-source-6.12, one commit), the
# series tree (base + patches/series applied with git am) and mainline
# (Debian's newer kernel, one commit), which the bench sets beside them.
#
#   tree.sh base      unpack the tarball into build/src/base (once)
#   tree.sh upstream  the base's commit "upstream": the files the series
#                     touches as $UPSTREAM_RELEASE has them (Debian's own
#                     hunks taken out), on which the series applies
#   tree.sh mainline  unpack Debian's linux-source-$LAB_MAINLINE_PKG
#                     (lab/setup/fetch-mainline.sh; LAB_MAINLINE_TARBALL:
#                     another tarball) into build/src/mainline (once a
#                     version)
#   tree.sh series    (re)apply patches/ onto the base in build/src/series
#   tree.sh series@REV[:N]
#                     the series as lab commit REV had it (its first N
#                     patches) in build/src/series-REV[-N], for variants that
#                     bench a design the series has left
#   tree.sh series+MUTATION
#                     the series tree with tests/mutations/MUTATION.patch
#                     applied on top, in build/src/series+MUTATION, for
#                     variants that weigh what a piece of the series costs
#   tree.sh sheaves+EXPERIMENT
#                     the 7.x series tree with experiments-7.3/EXPERIMENT.patch
#                     (a design the series does not propose) on top, in
#                     build/src/sheaves+EXPERIMENT, for the bench to weigh
#   tree.sh export    write the series tree's commits back into patches/
#   tree.sh verify    check that a fresh apply of patches/ gives the series tree
#   tree.sh shape     check that each patch named droppable (the cover letter's
#                     Droppable: line, patch numbers) can be left out: the
#                     series without it applies, and so does the series
#                     without every droppable patch but it
#   tree.sh version   print the base kernel version
#   tree.sh sheaves [export|verify]
#                     the same for the 7.x series: patches-7.3/ applied on
#                     mainline's commit in build/src/sheaves, written back,
#                     checked
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="tree.sh base|upstream|series|series@REV[:N]|series+MUTATION|sheaves+EXPERIMENT|mainline|export|verify|shape|version|sheaves [export|verify]"
# What messages call the patch folder, and the make target that exports it.
PD=patches EXPORT_TARGET=export-series

base_commit() {
	git -C "$BASE_TREE" rev-list --max-parents=0 HEAD 2>/dev/null | tail -n 1
}

# kernel_version DIR: VERSION.PATCHLEVEL.SUBLEVEL of the kernel tree in DIR.
kernel_version() {
	_mk=$1/Makefile
	echo "$(sed -n 's/^VERSION = //p' "$_mk").$(sed -n 's/^PATCHLEVEL = //p' "$_mk").$(sed -n 's/^SUBLEVEL = //p' "$_mk")"
}

# commit_tree DIR BRANCH MESSAGE: the tarball unpacked in DIR as one
# commit on BRANCH, at a fixed date and identity, so that it hashes the
# same on every machine.
commit_tree() {
	(
		cd "$1"
		git init -q -b "$2" .
		git config core.autocrlf false
		# No automatic repack of the 86k new objects: it runs in the
		# background for minutes, beside the builds. The price: the
		# objects stay loose (more disk) and nothing expires old
		# reflogs here.
		git config gc.auto 0
		# The commit is the tarball byte for byte, dotfiles included.
		# Debian's .gitignore ignores every top-level path ("/*") and
		# ".*", so add with -f; a new file in the series tree needs
		# "git add -f" too (git am adds the files a patch creates
		# regardless).
		git add -A -f
		GIT_AUTHOR_DATE='2000-01-01T00:00:00Z' GIT_COMMITTER_DATE='2000-01-01T00:00:00Z' \
			$LAB_GIT commit -q -m "$3"
	)
}

make_base() {
	if [ -n "$(base_commit)" ] && [ -f "$BASE_TREE/.lab-version" ]; then
		git -C "$BASE_TREE" log -1 --format=%s "$(base_commit)" | grep -q -F "linux-source-6.12 $LAB_KERNEL_DEB)" ||
			die "$BASE_TREE is not Debian's linux-source-6.12 $LAB_KERNEL_DEB, which the series is based on: export the series tree's work first (make export-series), then remove $LAB_WORK/src and run 'make tree' again"
		return 0
	fi
	deb=$(dpkg-query -W -f '${Version}' linux-source-6.12 2>/dev/null || true)
	# Another tarball (LAB_TARBALL) is the user's choice, not the package's.
	[ "$LAB_TARBALL" != /usr/src/linux-source-6.12.tar.xz ] || [ "$deb" = "$LAB_KERNEL_DEB" ] ||
		die "linux-source-6.12 is ${deb:-not installed}, the series is based on $LAB_KERNEL_DEB: run 'make deps'"
	[ -f "$LAB_TARBALL" ] || die "$LAB_TARBALL is missing: run 'make deps' (package linux-source-6.12)"
	log "unpacking $LAB_TARBALL into $BASE_TREE"
	rm -rf "$BASE_TREE" "$LAB_WORK/src/.unpack"
	mkdir -p "$LAB_WORK/src/.unpack"
	# tar -v names what it unpacks: the listing check_base compares the
	# commit with, without decompressing the tarball a second time.
	tar -xvJf "$LAB_TARBALL" -C "$LAB_WORK/src/.unpack" >"$LAB_WORK/src/.unpack.names"
	listing_from_names <"$LAB_WORK/src/.unpack.names" >"$(listing_file)"
	rm -f "$LAB_WORK/src/.unpack.names"
	mv "$LAB_WORK/src/.unpack"/linux-source-* "$BASE_TREE"
	rmdir "$LAB_WORK/src/.unpack"
	v=$(kernel_version "$BASE_TREE")
	log "base version $v (Debian linux-source-6.12 $deb); committing"
	commit_tree "$BASE_TREE" base "Linux $v (Debian linux-source-6.12 $deb)"
	cd "$BASE_TREE"
	printf '%s %s\n' "$v" "$deb" >"$BASE_TREE/.lab-version"
	git update-index --refresh >/dev/null || true
	log "base commit $(git rev-parse --short HEAD)"
}

# The one file of the series' that Debian changes, its blob in Debian's
# tarball, and upstream's blob of it, which lab/series/debian-hunks.awk
# rebuilds from Debian's (docs/lab.md: The base).
DEBIAN_FILE=Documentation/admin-guide/kernel-parameters.txt
DEBIAN_BLOB=300a8ad4581127afc77d63bcacbf35bc65760e46
UPSTREAM_BLOB=c0748a3c5aa6e7106bce9658391269e390c7727a

# make_upstream: the commit "upstream" on the base, the tarball with
# DEBIAN_FILE as upstream has it, made with plumbing (no checkout) at a
# fixed date and identity, so that it hashes the same on every machine.
make_upstream() {
	make_base
	base=$(base_commit)
	up=$(upstream_commit || true)
	if [ -n "$up" ] && [ "$(git -C "$BASE_TREE" rev-parse "$up^")" = "$base" ]; then
		return 0
	fi
	have=$(git -C "$BASE_TREE" rev-parse "$base:$DEBIAN_FILE")
	[ "$have" = "$DEBIAN_BLOB" ] ||
		die "the base's $DEBIAN_FILE is $have, not Debian's $DEBIAN_BLOB the lab knows: check Debian's changes to the series' files again (docs/lab.md)"
	blob=$(git -C "$BASE_TREE" show "$base:$DEBIAN_FILE" |
		awk -f "$LAB_ROOT/lab/series/debian-hunks.awk" |
		git -C "$BASE_TREE" hash-object -w --stdin)
	[ "$blob" = "$UPSTREAM_BLOB" ] ||
		die "taking Debian's hunks out of $DEBIAN_FILE gave $blob, not upstream's $UPSTREAM_BLOB"
	index=$(mktemp)
	GIT_INDEX_FILE=$index git -C "$BASE_TREE" read-tree "$base"
	GIT_INDEX_FILE=$index git -C "$BASE_TREE" update-index --cacheinfo "100644,$blob,$DEBIAN_FILE"
	tree=$(GIT_INDEX_FILE=$index git -C "$BASE_TREE" write-tree)
	rm -f "$index"
	up=$(printf '%s

%s
%s
%s
' 		"$UPSTREAM_RELEASE: the series' files as upstream has them" 		"Debian's tarball with Debian's own hunks in $DEBIAN_FILE taken out" 		"(its intel-iommu intgpu_off and x32 syscall.x32= patches); the other" 		"files the series touches are upstream's in the tarball already." |
		GIT_AUTHOR_DATE='2000-01-01T00:00:00Z' GIT_COMMITTER_DATE='2000-01-01T00:00:00Z' 			$LAB_GIT -C "$BASE_TREE" commit-tree "$tree" -p "$base") ||
		die "could not commit the upstream tree"
	git -C "$BASE_TREE" update-ref refs/heads/upstream "$up"
	log "upstream commit $(git -C "$BASE_TREE" rev-parse --short "$up") ($UPSTREAM_RELEASE's $DEBIAN_FILE)"
}

# make_mainline: Debian's newer kernel unpacked into build/src/mainline
# and committed as the base is (every file, one commit at a fixed date),
# once for each version.
make_mainline() {
	want="linux-source-$LAB_MAINLINE_PKG $LAB_MAINLINE_DEB"
	if [ -f "$MAINLINE_TREE/.lab-version" ] && git -C "$MAINLINE_TREE" rev-parse -q --verify HEAD >/dev/null; then
		have=$(cut -d' ' -f2- "$MAINLINE_TREE/.lab-version")
		[ "$have" != "$want" ] || return 0
		log "$MAINLINE_TREE holds $have, not $want: unpacking again"
	fi
	tarball=${LAB_MAINLINE_TARBALL:-}
	if [ -z "$tarball" ]; then
		root=$(sh "$LAB_ROOT/lab/setup/fetch-mainline.sh") || exit 1
		tarball=$root/usr/src/linux-source-$LAB_MAINLINE_PKG.tar.xz
	fi
	[ -f "$tarball" ] || die "no mainline tarball at $tarball"
	log "unpacking $tarball into $MAINLINE_TREE"
	unpack=$LAB_WORK/src/.unpack-mainline
	rm -rf "$MAINLINE_TREE" "$unpack"
	mkdir -p "$unpack"
	tar -xJf "$tarball" -C "$unpack"
	set -- "$unpack"/*
	[ $# = 1 ] && [ -f "$1/Makefile" ] || die "$tarball does not hold one kernel tree folder"
	mv "$1" "$MAINLINE_TREE"
	rmdir "$unpack"
	v=$(kernel_version "$MAINLINE_TREE")
	log "mainline version $v ($want); committing"
	commit_tree "$MAINLINE_TREE" mainline "Linux $v (Debian $want)"
	printf '%s %s\n' "$v" "$want" >"$MAINLINE_TREE/.lab-version"
	log "mainline commit $(git -C "$MAINLINE_TREE" rev-parse --short HEAD)"
}

# The patches named in patches/series, in order, as absolute paths.
series_patches() {
	[ -f "$PATCH_DIR/series" ] || die "missing $PATCH_DIR/series"
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$PATCH_DIR/series" | while read -r p; do
		[ -f "$PATCH_DIR/$p" ] || die "$PD/series names $p, which does not exist"
		echo "$PATCH_DIR/$p"
	done
}

series_stamp() {
	series_patches >/dev/null
	{ cat "$PATCH_DIR/series"; series_patches | xargs -r cat; } | sha256sum | cut -d' ' -f1
}

# apply_series DIR: a worktree of the base at DIR with the series applied
# on the upstream commit.
apply_series() {
	dir=$1 branch=$2
	base=$(upstream_commit)
	if [ -d "$dir" ] && git -C "$BASE_TREE" worktree list --porcelain |
		grep -qxF "worktree $(cd "$dir" && pwd -P)"; then
		# A worktree of the base is there: reset it to the base and remove
		# every file the base does not hold. Only the files that differ are
		# written, not all 86k of a new checkout (25 s here).
		git -C "$dir" am --abort 2>/dev/null || true
		git -C "$dir" checkout -q -f --ignore-other-worktrees -B "$branch" "$base"
		git -C "$dir" clean -q -f -d -x
	else
		git -C "$BASE_TREE" worktree remove --force "$dir" 2>/dev/null || rm -rf "$dir"
		git -C "$BASE_TREE" worktree prune
		git -C "$BASE_TREE" worktree add -q -f -B "$branch" "$dir" "$base"
	fi
	patches=$(series_patches)
	if [ -n "$patches" ]; then
		# shellcheck disable=SC2086
		if ! git -C "$dir" -c user.name="$(git config user.name || echo lab)" \
			-c user.email="$(git config user.email || echo lab@localhost)" \
			am -q --keep-cr $patches; then
			git -C "$dir" am --show-current-patch=diff | head -20 >&2 || true
			git -C "$dir" am --abort || true
			die "$PD/ does not apply on the base (see above)"
		fi
	fi
}

make_series() {
	make_upstream
	if [ -n "${KERNEL_SRC:-}" ]; then
		[ -f "$KERNEL_SRC/mm/slub.c" ] || die "KERNEL_SRC=$KERNEL_SRC is not a kernel tree"
		log "using KERNEL_SRC=$KERNEL_SRC as the series tree"
		return 0
	fi
	stamp=$(series_stamp)
	state=${SERIES_TREE%/}.lab-state
	if [ -f "$state" ] && [ -e "$SERIES_TREE/.git" ]; then
		read -r old_stamp old_head <"$state" 2>/dev/null || old_stamp=
		head=$(git -C "$SERIES_TREE" rev-parse HEAD)
		dirty=$(git -C "$SERIES_TREE" status --porcelain --untracked-files=no)
		if [ "${old_head:-}" != "$head" ] || [ -n "$dirty" ]; then
			if [ "${LAB_RESET_SERIES:-0}" != 1 ]; then
				log "series tree has local work (commits or edits not from $PD/); using it as is"
				log "  export it with 'make $EXPORT_TARGET', or set LAB_RESET_SERIES=1 to reapply $PD/"
				return 0
			fi
		elif [ "$old_stamp" = "$stamp" ]; then
			return 0
		fi
	fi
	log "applying $(series_patches | wc -l) patch(es) from $PD/series"
	# One branch per series tree, so scratch trees do not fight over it.
	branch=series
	[ "$SERIES_TREE" = "$LAB_WORK/src/series" ] ||
		branch=series-$(printf '%s' "$SERIES_TREE" | cksum | cut -d' ' -f1)
	[ "$SERIES_TREE" != "$SHEAVES_TREE" ] || branch=sheaves
	apply_series "$SERIES_TREE" "$branch"
	printf '%s %s\n' "$stamp" "$(git -C "$SERIES_TREE" rev-parse HEAD)" >"$state"
	log "series tree at $(git -C "$SERIES_TREE" rev-parse --short HEAD)"
}

# recipients PATCH: "TO<TAB>CC" for PATCH, as the series tree's
# get_maintainer.pl gives them (no git history: offline): its maintainers
# as To:, its reviewers and lists as Cc:, each comma-separated and sorted
# (get_maintainer.pl's order of equals changed between exports).
recipients() {
	(cd "$SERIES_TREE" && perl scripts/get_maintainer.pl --no-git --no-git-fallback "$1") |
		LC_ALL=C sort | awk '{
			role = $0; sub(/^[^(]*\(/, "", role)
			who = $0; sub(/ \(.*$/, "", who)
			if (role ~ /maintainer|supporter|odd fixer/) to = to (to == "" ? "" : ", ") who
			else cc = cc (cc == "" ? "" : ", ") who
		} END { printf "%s\t%s\n", to, cc }'
}

# Export as git send-email and b4 take a series from the list: the cover
# letter first (subject, revision and text from patches/cover-letter.txt;
# shortlog, diffstat and base-commit as format-patch writes them), every
# patch a reply to it, each addressed as get_maintainer.pl says (the
# cover to all of them).
export_series() {
	[ -z "${KERNEL_SRC:-}" ] || die "export works on the lab's series tree, not KERNEL_SRC"
	[ -e "$SERIES_TREE/.git" ] || die "no series tree: run 'lab/series/tree.sh series' first"
	[ -z "$(git -C "$SERIES_TREE" status --porcelain --untracked-files=no)" ] ||
		die "series tree has uncommitted changes: commit them first"
	[ -f "$PATCH_DIR/cover-letter.txt" ] ||
		die "missing $PATCH_DIR/cover-letter.txt (Revision:, Subject: and the cover letter's text)"
	rev=$(cover_field Revision)
	subject=$(cover_field Subject)
	# What the series is for, before the revision (default PATCH).
	tag=$(cover_field Prefix)
	case $tag in
	'') tag=PATCH ;;
	*PATCH*) ;;
	*) die "cover-letter.txt: Prefix: must contain PATCH, not '$tag'" ;;
	esac
	case $rev in
	1) prefix=$tag ;;
	[2-9] | [1-9][0-9]) prefix="$tag v$rev" ;;
	*) die "cover-letter.txt: Revision: must be a number from 1, not '$rev'" ;;
	esac
	[ -n "$subject" ] || die "cover-letter.txt has no Subject: line"
	make_upstream
	base=$(upstream_commit)
	tmp=$(mktemp -d)
	# No base-commit: the upstream commit exists only here; the cover
	# names the release the series applies to.
	git -C "$SERIES_TREE" format-patch -q --no-signature --zero-commit --numbered \
		--cover-letter --thread=shallow --subject-prefix="$prefix" \
		-o "$tmp/raw" "$base..HEAD"
	sed '1,/^$/d' "$PATCH_DIR/cover-letter.txt" >"$tmp/text"
	# Each patch's changes from revision to revision, below its "---".
	changes=
	[ ! -f "$PATCH_DIR/changes.txt" ] || changes=$PATCH_DIR/changes.txt
	: >"$tmp/series"
	: >"$tmp/to"
	: >"$tmp/cc"
	for p in "$tmp"/raw/*.patch; do
		name=${p##*/}
		[ "$name" != 0000-cover-letter.patch ] || continue
		r=$(recipients "$p")
		to=${r%%"$(printf '\t')"*} cc=${r#*"$(printf '\t')"}
		printf '%s\n' "$to" | tr ',' '\n' | sed 's/^ //' >>"$tmp/to"
		printf '%s\n' "$cc" | tr ',' '\n' | sed 's/^ //' >>"$tmp/cc"
		awk -v to="$to" -v cc="$cc" -v changes="$changes" \
			-f "$LAB_ROOT/lab/series/mail-finish.awk" "$p" >"$tmp/$name"
		echo "$name" >>"$tmp/series"
	done
	list() { paste -s -d, "$@" | sed 's/,/, /g'; }
	sed '/^$/d' "$tmp/to" | LC_ALL=C sort -u >"$tmp/to.sorted"
	sed '/^$/d' "$tmp/cc" | LC_ALL=C sort -u >"$tmp/cc.sorted"
	# The cover goes to everyone; To: wins over Cc: for whoever has both.
	to=$(list "$tmp/to.sorted")
	cc=$(LC_ALL=C comm -13 "$tmp/to.sorted" "$tmp/cc.sorted" | list)
	awk -v to="$to" -v cc="$cc" -v subject="$subject" -v text="$tmp/text" \
		-f "$LAB_ROOT/lab/series/mail-finish.awk" "$tmp/raw/0000-cover-letter.patch" >"$tmp/0000-cover-letter.patch"
	# Replace the patches and the cover letter with the new export.
	find "$PATCH_DIR" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' -exec rm -f {} +
	mv "$tmp"/[0-9][0-9][0-9][0-9]-*.patch "$PATCH_DIR/"
	mv "$tmp/series" "$PATCH_DIR/series"
	rm -rf "$tmp"
	printf '%s %s\n' "$(series_stamp)" "$(git -C "$SERIES_TREE" rev-parse HEAD)" \
		>"${SERIES_TREE%/}.lab-state"
	log "exported $(wc -l <"$PATCH_DIR/series") patch(es) and the cover letter ($prefix) to $PD/"
	verify_series
}

# listing_file: where the tarball's file list is remembered, next to the
# base tree.
listing_file() {
	echo "$LAB_WORK/src/base.listing.$(printf '%s' "$LAB_TARBALL" | cksum | cut -d' ' -f1)"
}

# listing_from_names: tar's member names on stdin as a listing: files only
# (no folders), relative to the top folder, sorted.
listing_from_names() {
	sed -e '/\/$/d' -e 's,^[^/]*/,,' | LC_ALL=C sort
}

# tarball_listing: the tarball's files, as make_base wrote them down (read
# again from the tarball when that is missing or older than the tarball).
tarball_listing() {
	_l=$(listing_file)
	if [ ! -s "$_l" ] || [ "$_l" -ot "$LAB_TARBALL" ]; then
		tar -tJf "$LAB_TARBALL" | listing_from_names >"$_l.new"
		mv "$_l.new" "$_l"
	fi
	cat "$_l"
}

# check_base: the base commit holds exactly the tarball's files.
check_base() {
	_want=$(tarball_listing | sha256sum | cut -d' ' -f1)
	_got=$(git -C "$BASE_TREE" ls-tree -r --name-only "$(base_commit)" | LC_ALL=C sort |
		sha256sum | cut -d' ' -f1)
	_n=$(git -C "$BASE_TREE" ls-tree -r --name-only "$(base_commit)" | wc -l)
	[ "$_want" = "$_got" ] ||
		die "the base commit ($_n files) is not the tarball's file list: remove $BASE_TREE and rerun"
	log "base commit holds the tarball's $_n files"
}

# index_lines PATCH: "PATH PREIMAGE" for each file PATCH changes, the
# abbreviated blob its index line names (0000000 for a new file).
index_lines() {
	awk '/^diff --git / { path = substr($4, 3) }
		/^index [0-9a-f]+\.\.[0-9a-f]+/ { split($2, b, "."); print path " " b[1] }' "$1"
}

verify_series() {
	make_upstream
	check_base
	[ -e "$SERIES_TREE/.git" ] || make_series
	# Uncommitted changes fail it whatever patches/ gives: say so first.
	dirty=$(git -C "$SERIES_TREE" status --porcelain --untracked-files=no)
	[ -z "$dirty" ] || die "series tree has uncommitted changes that $PD/ cannot hold:
$dirty"
	# The fresh apply goes into a scratch index of the base repository
	# (git apply --cached): the tree it gives is what a checkout and git
	# am would commit, without writing 86k files.
	scratch=$(mktemp -d)
	trap 'rm -rf "$scratch"' EXIT
	index=$scratch/index
	GIT_INDEX_FILE=$index git -C "$BASE_TREE" read-tree "$(upstream_commit)"
	patches=$(series_patches)
	n=0
	for p in $patches; do
		# Each index line names the blob the patch finds: upstream's,
		# and after it the series' own, so that git am -3 on a
		# $UPSTREAM_RELEASE checkout can fall back to a 3-way merge.
		index_lines "$p" | while read -r path pre; do
			have=$(GIT_INDEX_FILE=$index git -C "$BASE_TREE" rev-parse -q --verify ":$path" || echo 0000000)
			case $have in
			"$pre"*) ;;
			*) die "${p##*/}: index line of $path names $pre, but the file is $have on $UPSTREAM_RELEASE and the patches before" ;;
			esac
		done || exit 1
		GIT_INDEX_FILE=$index git -C "$BASE_TREE" apply --cached "$p" ||
			die "$PD/ does not apply on the upstream commit: ${p##*/} (see above)"
		n=$((n + 1))
	done
	want=$(git -C "$SERIES_TREE" rev-parse 'HEAD^{tree}')
	got=$(GIT_INDEX_FILE=$index git -C "$BASE_TREE" write-tree)
	[ "$want" = "$got" ] ||
		die "a fresh apply of $PD/ ($n patches, tree $got) differs from the series tree (tree $want)"
	# Debian's own tree takes them too (its hunks are far from the series').
	applies_on "$(base_commit)" $patches ||
		die "$PD/ does not apply on Debian's base (the tarball's commit)"
	log "verified: a fresh apply of $PD/ ($n patches, index lines upstream's) reproduces the series tree, and applies on Debian's tarball"
}

# applies_on COMMIT PATCH...: the patches apply, in that order, on COMMIT
# of the base repository (into a scratch index: nothing is checked out).
applies_on() {
	_idx=$(mktemp)
	GIT_INDEX_FILE=$_idx git -C "$BASE_TREE" read-tree "$1"
	shift
	_ok=0
	for _p; do
		GIT_INDEX_FILE=$_idx git -C "$BASE_TREE" apply --cached "$_p" 2>/dev/null || { _ok=1; break; }
	done
	rm -f "$_idx"
	return $_ok
}

# shape_series: a downstream tree may take the series without any of the
# patches the cover letter calls droppable (the policies, the benchmark,
# the selftest): each one left out alone, and all of them but one.
shape_series() {
	make_upstream
	up=$(upstream_commit)
	drop=$(cover_field Droppable)
	[ -n "$drop" ] || die "cover-letter.txt has no Droppable: line (the numbers of the patches a tree may leave out)"
	all=$(series_patches)
	n=$(printf '%s\n' "$all" | wc -l)
	for d in $drop; do
		case $d in '' | *[!0-9]* | 0) die "Droppable: '$d' is not a patch number" ;; esac
		[ "$d" -le "$n" ] || die "Droppable: there is no patch $d of $n"
	done
	fail=0
	for d in $drop; do
		# shellcheck disable=SC2046 # the patch paths have no spaces
		if applies_on "$up" $(printf '%s\n' "$all" | sed "${d}d"); then
			log "the series applies without patch $d"
		else
			echo "lab: the series does not apply without patch $d: $(printf '%s\n' "$all" | sed -n "${d}s,.*/,,p")" >&2
			fail=1
		fi
		others=$(for o in $drop; do [ "$o" = "$d" ] || printf '%sd;' "$o"; done)
		# shellcheck disable=SC2046
		if applies_on "$up" $(printf '%s\n' "$all" | sed "$others"); then
			log "patch $d applies without the other droppable patches ($drop)"
		else
			echo "lab: patch $d does not apply without the other droppable patches ($drop)" >&2
			fail=1
		fi
	done
	[ $fail = 0 ] || exit 1
	log "each droppable patch ($drop) can be left out, or taken alone"
}

# make_series_at REV[:N]: the series as lab commit REV exported it (only
# its first N patches with :N) in a tree of its own, so that a design the
# series has since left can be built and benched beside the current one
# (a variant's tree=series@REV[:N]).
make_series_at() {
	series_at_valid "series@$1" ||
		usage_die "series@$1: expected series@REV or series@REV:N (REV: a lab commit's 7 to 40 hex digits, N: a patch count)"
	rev=${1%%:*} n=
	[ "$rev" = "$1" ] || n=${1#*:}
	git -C "$LAB_ROOT" rev-parse -q --verify "$rev^{commit}" >/dev/null ||
		die "tree series@$1: '$rev' is not a commit of the lab"
	names=$(git -C "$LAB_ROOT" show "$rev:patches/series" 2>/dev/null |
		sed -e 's/#.*//' -e '/^[[:space:]]*$/d')
	[ -n "$names" ] || die "tree series@$1: lab commit $rev has no patches/series"
	if [ -n "$n" ]; then
		[ "$(printf '%s\n' "$names" | wc -l)" -ge "$n" ] ||
			die "tree series@$1: lab commit $rev has fewer than $n patches"
		names=$(printf '%s\n' "$names" | head -n "$n")
	fi
	# REV's patches go onto today's base, not onto the base REV named.
	pd=$LAB_WORK/src/patches-$(tree_folder "series@$1")
	rm -rf "$pd.$$"
	mkdir -p "$pd.$$"
	git -C "$LAB_ROOT" archive "$rev" patches | tar -x -C "$pd.$$" --strip-components=1 ||
		die "could not export patches/ of lab commit $rev"
	printf '%s\n' "$names" >"$pd.$$/series"
	rm -rf "$pd"
	mv "$pd.$$" "$pd"
	# This script ends with this tree: point the series' variables at it.
	PATCH_DIR=$pd
	SERIES_TREE=$(tree_dir "series@$1")
	KERNEL_SRC=
	make_series
}

# make_plus TREE NAME FOLDER: the HEAD of tree TREE (series, or sheaves
# after use_sheaves) with FOLDER/NAME.patch committed on top, in a
# worktree of its own (build/src/TREE+NAME); made again when either changed.
make_plus() {
	make_series
	src=$(tree_dir series)
	[ "$src" = "$(tree_dir "$1")" ] || die "make_plus $1: the functions point at $src, not the $1 tree"
	dir=$(tree_dir "$1+$2")
	patch=$LAB_ROOT/$3/$2.patch
	stamp="$(git -C "$src" rev-parse HEAD) $(sha256sum <"$patch" | cut -d' ' -f1)"
	[ "$(cat "$dir.lab-state" 2>/dev/null)" != "$stamp" ] || return 0
	if [ ! -e "$dir/.git" ]; then
		git -C "$BASE_TREE" worktree prune
		git -C "$BASE_TREE" worktree add -q -f --detach "$dir" "$(git -C "$src" rev-parse HEAD)"
	else
		git -C "$dir" checkout -q -f --detach "$(git -C "$src" rev-parse HEAD)"
		git -C "$dir" clean -q -f -d -x
	fi
	git -C "$dir" apply "$patch" || die "$3/$2.patch does not apply on the $1 tree"
	$LAB_GIT -C "$dir" commit -q -a -m "$1+$2: $3/$2.patch"
	echo "$stamp" >"$dir.lab-state"
	log "$1+$2 at $(git -C "$dir" rev-parse --short HEAD)"
}

# use_sheaves: the functions above, pointed at the 7.x series: its tree a
# worktree of mainline's repository, its patches in patches-7.3/, and
# mainline's commit (Debian's tarball as it is) for the upstream commit it
# applies on and is exported against.
use_sheaves() {
	BASE_TREE=$MAINLINE_TREE
	SERIES_TREE=$SHEAVES_TREE
	PATCH_DIR=$SHEAVES_PATCH_DIR
	PD=${SHEAVES_PATCH_DIR##*/} EXPORT_TARGET=export-sheaves
	UPSTREAM_RELEASE="linux-source-$LAB_MAINLINE_PKG $LAB_MAINLINE_DEB"
	KERNEL_SRC=
	make_upstream() {
		make_mainline
		_root=$(base_commit)
		[ "$(upstream_commit || true)" = "$_root" ] ||
			git -C "$BASE_TREE" update-ref refs/heads/upstream "$_root"
	}
	# make_mainline committed the tarball it unpacked, and nothing else.
	check_base() { :; }
}

if [ "${1:-}" = sheaves ]; then
	[ $# -le 2 ] || usage_die "expected: sheaves [export|verify]"
	use_sheaves
	case ${2:-} in
	'') make_series ;;
	export) export_series ;;
	verify) verify_series ;;
	*) usage_die "unknown sheaves command '$2' (export or verify)" ;;
	esac
	exit 0
fi
[ $# -eq 1 ] || usage_die "expected one command"
case $1 in
base) make_base ;;
upstream) make_upstream ;;
series) make_series ;;
series@?*) make_series_at "${1#series@}" ;;
series+?*)
	series_plus_valid "$1" ||
		usage_die "$1: expected series+MUTATION, MUTATION a patch of tests/mutations/ without .patch"
	make_plus series "${1#series+}" tests/mutations
	;;
sheaves+?*)
	sheaves_plus_valid "$1" ||
		usage_die "$1: expected sheaves+EXPERIMENT, EXPERIMENT a patch of experiments-7.3/ without .patch"
	use_sheaves
	make_plus sheaves "${1#sheaves+}" experiments-7.3
	;;
mainline) make_mainline ;;
export) export_series ;;
verify) verify_series ;;
shape) shape_series ;;
version) make_base >&2 && cut -d' ' -f1 "$BASE_TREE/.lab-version" ;;
*) usage_die "unknown command '$1'" ;;
esac
