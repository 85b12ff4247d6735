# lava-compare.jq: a LAVA farm's results of a run beside the lab's record
# of the same run (its console as LAVA read it, lab/verdict/record.sh),
# case by case. One line a case whose results differ, "ID: lab R, farm
# F" (R as LAVA would show the lab's: a skip is "pass" there, as KTAP's
# "ok ... # SKIP" is; a crashed case "fail"; "none" where a side has no
# such case), nothing when they agree.
#   jq -n -r --slurpfile record RECORD.json --rawfile results RESULTS.tsv -f lava-compare.jq
# RESULTS.tsv: LAVA's results, "suite<TAB>case<TAB>result" (lab/farm/lava-run.sh).
# A case id may appear more than once (each hotplug run has its own): the
# results of an id are compared in their order.

def farm: {pass: "pass", skip: "pass", fail: "fail", crashed: "fail"}[.] // .;

($record[0].results.tests | group_by(.id) | map({key: .[0].id, value: map(.result | farm)}) | from_entries) as $lab
| ($results | split("\n") | map(select(length > 0) | split("\t")) | map(select(.[0] != "lava"))
	| group_by(.[1]) | map({key: .[0][1], value: map(.[2])}) | from_entries) as $lava
| ($lab + $lava | keys[]) as $id
| [$lab[$id] // [], $lava[$id] // []] as [$l, $f]
| range(0; [$l, $f] | map(length) | max) as $i
| select($l[$i] != $f[$i])
| "\($id): lab \($l[$i] // "none"), farm \($f[$i] // "none")"
