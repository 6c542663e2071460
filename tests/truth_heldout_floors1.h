// The floors of the held-out truth sets 1-40 (truth_heldout.jsonl ... truth_heldout40.jsonl):
// how each set was written and scored blind, then the share of its rows the rules must keep.
// Internal to tests/truth_heldout_test.cc.
#ifndef ENGRAM_TESTS_TRUTH_HELDOUT_FLOORS1_H_
#define ENGRAM_TESTS_TRUTH_HELDOUT_FLOORS1_H_

namespace engram::truth_heldout {

struct SetFloor {
  double min_relevance;
  double score;
};

// Each set is asked at 0.35 (the floor its blind score was taken at), at the default floor
// 0.25 and at 0. Development scores on 2026-12-02 after the frame rule (statement_frame.h),
// corrections of the closest statement and keyword queries without function words, at
// 0.35 / 0.25 / 0: 49/52, 63/70 / 64/70 / 53/70, 48/70 / 48/70 / 37/70, 29/70 / 28/70 /
// 36/70. The floors now follow the scores of 2026-12-04 (below the fifth set).

// The first set, blind, once, with the rules frozen (2026-12-01): 30/52 = 57.7 % (abstention
// 6/6, correction 8/8, change_verb 5/9, dedup 3/6, newer_statement 2/7, past_question 3/8,
// status 3/8). Its rows have been development data since: 50/52 after tuning on them.
// 49/52 while the guard retrained on dev8 quarantined t02's "Correction to something I told
// you earlier: I live in Tacoma" (a self-correction read as memory tampering); 50/52 again
// with the dev9 guard, which passes it.
inline constexpr SetFloor kFirstSetFloors[] = {{0.35, 49.0 / 52}, {0.25, 49.0 / 52}};

// The second set (truth_heldout2.jsonl, 70 rows), written blind by someone who had read neither
// the rules nor any scenario, scored once with the rules frozen (2026-12-02): 45/70 = 64.3 % at
// min_relevance 0.35 (abstention 8/10, change_verb 6/10, correction 8/10, dedup 3/10,
// newer_statement 8/10, past_question 6/10, status 6/10); 36/70 = 51.4 % with no floor
// (abstention 0/10). Development data from now on.
inline constexpr SetFloor kSecondSetFloors[] = {
    {0.35, 61.0 / 70}, {0.25, 62.0 / 70}, {0.0, 52.0 / 70}};

// The third set (truth_heldout3.jsonl, 70 rows), written blind like the second by another
// writer, scored once with the rules frozen after tuning on the first two (2026-12-02, dev
// scores then 50/52 and 62/70): 42/70 = 60.0 % at min_relevance 0.35 (abstention 4/10,
// change_verb 6/10, correction 8/10, dedup 6/10, newer_statement 6/10, past_question 7/10,
// status 5/10); 34/70 = 48.6 % with no floor. The word lists fit what they were tuned on and
// generalize to about six rows in ten. Development data from now on.
inline constexpr SetFloor kThirdSetFloors[] = {
    {0.35, 50.0 / 70}, {0.25, 49.0 / 70}, {0.0, 41.0 / 70}};

// The fourth set (truth_heldout4.jsonl, 70 rows), written blind by a fourth writer told to
// ask in other words than the statements use ("电话" for "手机号", "where do I live" for
// "moved to"), scored once with the rules frozen (2026-12-02, commit 79d368d): 23/70 = 32.9 %
// at the default floor 0.25 (abstention 4/10, change_verb 2/10, correction 4/10, dedup 5/10,
// newer_statement 3/10, past_question 3/10, status 2/10), 24/70 at 0.35, 24/70 with no floor
// (abstention 0/10). Most misses are current statements a paraphrased question finds with a
// cosine of ~0.80, which the relevance scale reads as nothing. Development data from now on.
inline constexpr SetFloor kFourthSetFloors[] = {
    {0.25, 46.0 / 70}, {0.35, 46.0 / 70}, {0.0, 42.0 / 70}};

// The fifth set (truth_heldout5.jsonl, 70 rows, 35 zh / 35 en, ten per family), written blind
// by a fifth writer told to ask about half of the questions in other words, scored once with
// the rules frozen at fb9702d (2026-12-03): 41/70 = 58.6 % at the default floor 0.25, 0.35 and
// 0 alike (abstention 4/10 at 0.25 and 0/10 at 0, change_verb 9/10, correction 6/10, dedup
// 6/10, newer_statement 6/10, past_question 3/10, status 7/10). Development data from now on:
// 47/70 at every floor after the value rule (staleness.h: other values of one kind), "had ...
// wrong" corrections and "before X" history questions (sets three and four: 49/70 and 29/70
// at 0.25, one row more each). The floors are these less one row.
inline constexpr SetFloor kFifthSetFloors[] = {
    {0.25, 50.0 / 70}, {0.35, 50.0 / 70}, {0.0, 48.0 / 70}};

// Development scores of the six sets on 2026-12-04, after the status and small-store rules
// (the sixth set's note below; relevance.h, RelevanceScale::latin_few_shift), at 0.25:
// 50/52, 63/70, 50/70, 47/70, 51/70, 48/70; at 0.35 and 0 the floors below plus one row.
// Every floor from the second set on is that score less one row.

// The sixth set (truth_heldout6.jsonl, 70 rows, 35 zh / 35 en, ten per family), written blind
// by a sixth writer told to ask about half of the questions in other words, scored once with
// the rules frozen at 1d1d2d6 (2026-12-03): 40/70 = 57.1 % at the default floor 0.25 and at
// 0.35, 37/70 with no floor (at 0.25: abstention 4/10, change_verb 6/10, correction 7/10, dedup
// 6/10, newer_statement 8/10, past_question 7/10, status 2/10). Development data from now on:
// 47/70 at 0.25 and 0.35, 43/70 at 0 once the first step of a process ("下单", "提交了",
// "ordered", "applied for") and more of its later steps ("被拒", "延期", "picked up") read as a
// status, and "也" no longer keeps a status from moving on; 48/70 at 0.25, 49/70 at 0.35 and
// 45/70 at 0 once a small store's cosines are read more leniently for an English question.
inline constexpr SetFloor kSixthSetFloors[] = {
    {0.25, 47.0 / 70}, {0.35, 48.0 / 70}, {0.0, 44.0 / 70}};

// The seventh set (truth_heldout7.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind like the sixth by a seventh writer, scored once with the rules frozen at 991a570
// (2026-12-04): 39/70 = 55.7 % at the default floor 0.25, 40/70 at 0.35, 37/70 with no floor
// (at 0.25: abstention 3/10, change_verb 6/10, correction 9/10, dedup 3/10, newer_statement
// 6/10, past_question 6/10, status 6/10). The same rules without the small-store scale
// (RelevanceScale::latin_few_shift 0) also score 39/70: one abstention more, one paraphrased
// answer less. Fifteen rows gained on the six development sets bought nothing here.
// Development data from now on; the floors are its blind scores less one row. 40/70 at 0.25
// once two first steps of a process no longer replace each other (kSlotStarted).
inline constexpr SetFloor kSeventhSetFloors[] = {
    {0.25, 38.0 / 70}, {0.35, 39.0 / 70}, {0.0, 36.0 / 70}};

// The eighth set (truth_heldout8.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind like the sixth by an eighth writer, scored once with the rules frozen at eada872
// (2026-12-04, after the answer kinds of answer_kind.h): 40/70 = 57.1 % at the default floor
// 0.25, 39/70 at 0.35 and with no floor (at 0.25: abstention 4/10, change_verb 4/10,
// correction 8/10, dedup 6/10, newer_statement 7/10, past_question 7/10, status 4/10).
// Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kEighthSetFloors[] = {
    {0.25, 39.0 / 70}, {0.35, 38.0 / 70}, {0.0, 38.0 / 70}};

// The ninth set (truth_heldout9.jsonl, 70 rows, 35 zh / 35 en, ten per family), written blind
// like the eighth by a ninth writer, scored once with the rules frozen at 3ebb45c (2026-12-04,
// after clauses said again, ShareAClause): 37/70 = 52.9 % at the default floor 0.25, 35/70 at
// 0.35, 30/70 with no floor (at 0.25: abstention 7/10, change_verb 5/10, correction 8/10, dedup
// 4/10, newer_statement 7/10, past_question 4/10, status 2/10). Development data from now on;
// the floors are its blind scores less one row.
inline constexpr SetFloor kNinthSetFloors[] = {
    {0.25, 36.0 / 70}, {0.35, 34.0 / 70}, {0.0, 29.0 / 70}};

// The tenth set (truth_heldout10.jsonl, 70 rows, 35 zh / 35 en, ten per family), written blind
// by a tenth writer (told to ask about half of the questions in other words; a prompt written
// anew, so its difficulty need not match the earlier sets'), scored once with the rules frozen
// at 5021618 (2026-12-04, after questions about what held before rank the earlier statement
// first): 56/70 = 80.0 % at the default floor 0.25 and at 0.35, 49/70 with no floor (at 0.25:
// abstention 7/10, change_verb 6/10, correction 10/10, dedup 10/10, newer_statement 9/10,
// past_question 8/10, status 6/10). The rules before that change (8219085) score 53/70 on it
// (past_question 5/10): the set is easier than the ninth, on which they scored 37/70.
// Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kTenthSetFloors[] = {
    {0.25, 55.0 / 70}, {0.35, 55.0 / 70}, {0.0, 48.0 / 70}};

// The eleventh set (truth_heldout11.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by an eleventh writer from the tenth's prompt (a few more slots named), scored once
// with the rules frozen at 37c71b6 (2026-12-04, after the tenth set's rows were tuned on):
// 55/70 = 78.6 % at the default floor 0.25, 53/70 at 0.35, 49/70 with no floor (at 0.25:
// abstention 6/10, change_verb 7/10, correction 10/10, dedup 9/10, newer_statement 8/10,
// past_question 8/10, status 7/10). The rules of 8219085, before this day's last four truth
// changes, score 51/70 on it. Development data from now on; the floors are its blind scores
// less one row.
inline constexpr SetFloor kEleventhSetFloors[] = {
    {0.25, 54.0 / 70}, {0.35, 52.0 / 70}, {0.0, 48.0 / 70}};

// The twelfth set (truth_heldout12.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a twelfth writer from the eleventh's prompt (a few more slots named), scored once
// with the rules frozen at f01e2b2 (2026-12-04, after the eleventh set's rows were tuned on):
// 54/70 = 77.1 % at the default floor 0.25 and at 0.35, 50/70 with no floor (at 0.25:
// abstention 7/10, change_verb 8/10, correction 10/10, dedup 8/10, newer_statement 9/10,
// past_question 7/10, status 5/10). The rules of 8219085 score 48/70 on it, those of 37c71b6
// 53/70. Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kTwelfthSetFloors[] = {
    {0.25, 53.0 / 70}, {0.35, 53.0 / 70}, {0.0, 49.0 / 70}};

// The thirteenth set (truth_heldout13.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a thirteenth writer from the twelfth's prompt, scored once with the rules frozen at
// f37734d (2026-12-04): 65/70 = 92.9 % at the default floor 0.25, 64/70 at 0.35, 55/70 with no
// floor (at 0.25: abstention 10/10, change_verb 7/10, correction 10/10, dedup 10/10,
// newer_statement 10/10, past_question 10/10, status 8/10). An easy set: the rules of 8219085
// score 59/70 on it, those of f01e2b2 66/70 (0b2e831 lost a row, n13, which "已经" as no word
// of what changed wins back). Development data from now on; the floors are its blind scores
// less one row.
inline constexpr SetFloor kThirteenthSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 63.0 / 70}, {0.0, 54.0 / 70}};

// The fourteenth set (truth_heldout14.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a fourteenth writer from a prompt written anew (half the questions in other words,
// many slots named, abstention questions close to what was said), scored once with the rules
// frozen at f924e89 (2026-12-04): 56/70 = 80.0 % at the default floor 0.25, 59/70 at 0.35,
// 51/70 with no floor (at 0.25: abstention 5/10, change_verb 7/10, correction 10/10, dedup
// 8/10, newer_statement 9/10, past_question 9/10, status 8/10). Development data from now on;
// the floors are its blind scores less one row.
inline constexpr SetFloor kFourteenthSetFloors[] = {
    {0.25, 55.0 / 70}, {0.35, 58.0 / 70}, {0.0, 50.0 / 70}};

// The fifteenth set (truth_heldout15.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a fifteenth writer from the fourteenth's prompt, scored once with the rules frozen
// at 5b9b43f (2026-12-04): 57/70 = 81.4 % at the default floor 0.25, 55/70 at 0.35, 48/70 with
// no floor (at 0.25: abstention 8/10, change_verb 9/10, correction 10/10, dedup 7/10,
// newer_statement 9/10, past_question 8/10, status 6/10). The rules of c3c9e45, before the
// changes tuned on the fourteenth set and the older ones, score 56/70 on it (and 56/70 on the
// fourteenth). Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kFifteenthSetFloors[] = {
    {0.25, 56.0 / 70}, {0.35, 54.0 / 70}, {0.0, 47.0 / 70}};

// The sixteenth set (truth_heldout16.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a sixteenth writer from the fifteenth's prompt (more slots named), scored once with
// the rules frozen at d727bda (2026-12-04): 54/70 = 77.1 % at the default floor 0.25, 52/70 at
// 0.35, 47/70 with no floor (at 0.25: abstention 7/10, change_verb 7/10, correction 8/10,
// dedup 9/10, newer_statement 9/10, past_question 8/10, status 6/10). The rules of c3c9e45
// score the same on it at every floor. Development data from now on; the floors are its blind
// scores less one row.
inline constexpr SetFloor kSixteenthSetFloors[] = {
    {0.25, 53.0 / 70}, {0.35, 51.0 / 70}, {0.0, 46.0 / 70}};

// The seventeenth set (truth_heldout17.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a seventeenth writer from a prompt written anew (abstention questions about
// an attribute of someone or something the turns name), scored once with the rules frozen at
// 086e2d6 (2026-12-04): 55/70 = 78.6 % at the default floor 0.25, 55/70 at 0.35, 48/70 with no
// floor (at 0.25: abstention 7/10, change_verb 7/10, correction 9/10, dedup 8/10,
// newer_statement 6/10, past_question 10/10, status 8/10). The rules of e549e2f, before
// SameAnswerWord and the answer-kind changes, score 54/70 on it. Development data from now on;
// the floors are its blind scores less one row.
inline constexpr SetFloor kSeventeenthSetFloors[] = {
    {0.25, 54.0 / 70}, {0.35, 54.0 / 70}, {0.0, 47.0 / 70}};

// The eighteenth set (truth_heldout18.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by an eighteenth writer from a prompt written anew: casual chat as typed on a phone
// (Chinese with spaces for punctuation, lowercase English, fragments), changes in idioms
// ("ditched X for Y", "we're with Y now", "换了家"), newer statements in another sentence
// shape. Scored once with the rules frozen at b2ded1f (2026-12-04): 35/70 = 50.0 % at the
// default floor 0.25, 36/70 at 0.35, 28/70 with no floor (at 0.25: abstention 6/10,
// change_verb 3/10, correction 7/10, dedup 6/10, newer_statement 2/10, past_question 10/10,
// status 1/10). The rules of e549e2f and 086e2d6 score 34/70 on it. Development data from
// now on; the floors are its blind scores less one row.
inline constexpr SetFloor kEighteenthSetFloors[] = {
    {0.25, 34.0 / 70}, {0.35, 35.0 / 70}, {0.0, 27.0 / 70}};

// The nineteenth set (truth_heldout19.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a nineteenth writer from a prompt written anew (tidy and casual phone styles mixed),
// scored once with the rules frozen at ec29a97 (2026-12-04): 44/70 = 62.9 % at the default
// floor 0.25, 44/70 at 0.35, 40/70 with no floor (at 0.25: abstention 3/10, change_verb 8/10,
// correction 6/10, dedup 5/10, newer_statement 3/10, past_question 10/10, status 9/10). The
// rules of e549e2f score 36/70 on it, those of b2ded1f 38/70: the questions' status and
// one-thing rules carried to text nobody had read. Development data from now on; the floors
// are its blind scores less one row.
inline constexpr SetFloor kNineteenthSetFloors[] = {
    {0.25, 43.0 / 70}, {0.35, 43.0 / 70}, {0.0, 39.0 / 70}};

// The twentieth set (truth_heldout20.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a twentieth writer from a prompt written anew (users of different ages and jobs:
// tidy, phone-typed and formal), scored once with the rules frozen at 5650ea6 (2026-12-04):
// 37/70 = 52.9 % at the default floor 0.25, 37/70 at 0.35, 36/70 with no floor (at 0.25:
// abstention 2/10, change_verb 6/10, correction 7/10, dedup 4/10, newer_statement 5/10,
// past_question 9/10, status 4/10). The rules of ec29a97 score 34/70 on it, those of e549e2f
// 26/70. Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kTwentiethSetFloors[] = {
    {0.25, 36.0 / 70}, {0.35, 36.0 / 70}, {0.0, 35.0 / 70}};

// The twenty-first set (truth_heldout21.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a twenty-first writer from a prompt written anew (70 imagined users of
// many walks of life, neat, phone-typed and terse), scored once with the rules frozen at
// 4154acc (2026-12-04): 48/70 = 68.6 % at the default floor 0.25, 48/70 at 0.35, 43/70 with
// no floor (at 0.25: abstention 5/10, change_verb 5/10, correction 9/10, dedup 5/10,
// newer_statement 6/10, past_question 10/10, status 8/10). The rules of 5650ea6 score 47/70
// on it, those of e549e2f 33/70. Development data from now on; the floors are its blind
// scores less one row.
inline constexpr SetFloor kTwentyFirstSetFloors[] = {
    {0.25, 47.0 / 70}, {0.35, 47.0 / 70}, {0.0, 42.0 / 70}};

// The twenty-second set (truth_heldout22.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a twenty-second writer from a prompt written anew (a restaurant owner, a
// nurse, a landlord, a truck driver and others; tidy, phone-typed and rambling messages),
// scored once with the rules frozen at f85b46a (2026-12-04): 40/70 = 57.1 % at the default
// floor 0.25, 40/70 at 0.35, 34/70 with no floor (at 0.25: abstention 5/10, change_verb 4/10,
// correction 9/10, dedup 4/10, newer_statement 6/10, past_question 9/10, status 3/10). The
// rules of 91cf621 score 35/70 on it. Development data from now on; the floors are its blind
// scores less one row.
inline constexpr SetFloor kTwentySecondSetFloors[] = {
    {0.25, 39.0 / 70}, {0.35, 39.0 / 70}, {0.0, 33.0 / 70}};

// The twenty-third set (truth_heldout23.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a twenty-third writer from a prompt written anew (an expat, a farmer, a
// lawyer, a teenager and others; terse notes, ordinary chat and voice-dictated run-ons),
// scored once with the rules frozen at 9e26f7d (2026-12-05): 53/70 = 75.7 % at the default
// floor 0.25, 55/70 at 0.35, 48/70 with no floor (at 0.25: abstention 6/10, change_verb 8/10,
// correction 8/10, dedup 5/10, newer_statement 8/10, past_question 9/10, status 9/10). The
// rules of f85b46a score 52/70 on it, those of 91cf621 47/70. Development data from now on;
// the floors are its blind scores less one row.
inline constexpr SetFloor kTwentyThirdSetFloors[] = {
    {0.25, 52.0 / 70}, {0.35, 54.0 / 70}, {0.0, 47.0 / 70}};

// The twenty-fourth set (truth_heldout24.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a twenty-fourth writer from a prompt written anew (a hospital
// administrator, a delivery rider, a retired couple and others; one-liners to buried
// paragraphs, polite, blunt, emoji-laden and typo-ridden), scored once with the rules frozen at
// 345c119 (2026-12-05): 44/70 = 62.9 % at the default floor 0.25, 45/70 at 0.35, 38/70 with no
// floor (at 0.25: abstention 3/10, change_verb 7/10, correction 7/10, dedup 8/10,
// newer_statement 7/10, past_question 8/10, status 4/10). The rules of 91cf621 score 37/70 on
// it. Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kTwentyFourthSetFloors[] = {
    {0.25, 43.0 / 70}, {0.35, 44.0 / 70}, {0.0, 37.0 / 70}};

// The twenty-fifth set (truth_heldout25.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a twenty-fifth writer from a prompt written anew (ordinary life in Chinese
// and English cities; half clipped phone typing with mixed Chinese and English, a quarter of
// the questions indirect), scored once with the rules frozen at f4e366c (2026-12-05): 49/70 =
// 70.0 % at the default floor 0.25, 50/70 at 0.35, 47/70 with no floor (at 0.25: abstention
// 3/10, change_verb 8/10, correction 10/10, dedup 4/10, newer_statement 7/10, past_question
// 9/10, status 8/10). The rules of 345c119 score 48/70 on it, those of 91cf621 43/70.
// Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kTwentyFifthSetFloors[] = {
    {0.25, 48.0 / 70}, {0.35, 49.0 / 70}, {0.0, 46.0 / 70}};

// The twenty-sixth set (truth_heldout26.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a twenty-sixth writer from a prompt written anew (an accountant, a new
// mother, a wedding planner, a taxi driver and others; voice-assistant commands, chat and
// messages of two or three topics; subjects left implicit), scored once with the rules frozen
// at 9700edb (2026-12-05): 51/70 = 72.9 % at the default floor 0.25, 52/70 at 0.35, 49/70 with
// no floor (at 0.25: abstention 3/10, change_verb 9/10, correction 9/10, dedup 6/10,
// newer_statement 8/10, past_question 8/10, status 8/10). The rules of f4e366c score 51/70 on
// it, those of 91cf621 42/70. Development data from now on; the floors are its blind scores
// less one row.
inline constexpr SetFloor kTwentySixthSetFloors[] = {
    {0.25, 50.0 / 70}, {0.35, 51.0 / 70}, {0.0, 48.0 / 70}};

// The twenty-seventh set (truth_heldout27.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a twenty-seventh writer from a prompt written anew (a veterinarian, a
// barista, a grandmother learning her phone, an immigration lawyer and others; formal notes,
// family chat, sarcasm, fast typing, the fact in a long message's last sentence), scored once
// with the rules of bbf44ab (2026-12-05): 47/70 = 67.1 % at the default floor 0.25, 47/70 at
// 0.35, 46/70 with no floor (at 0.25: abstention 1/10, change_verb 7/10, correction 8/10,
// dedup 5/10, newer_statement 7/10, past_question 10/10, status 9/10). The rules of 91cf621
// score 38/70 on it. Development data from now on; the floors are its blind scores less one
// row.
inline constexpr SetFloor kTwentySeventhSetFloors[] = {
    {0.25, 46.0 / 70}, {0.35, 46.0 / 70}, {0.0, 45.0 / 70}};

// The twenty-eighth set (truth_heldout28.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a twenty-eighth writer from a prompt written anew (a pharmacist, a wedding
// planner, a software contractor, a volunteer coordinator, a parent of twins; tidy notes, phone
// typing, facts buried in long messages, Chinese mixed with English), scored once with the
// rules of 4bc6bf3 (2026-12-05): 51/70 = 72.9 % at the default floor 0.25, 51/70 at 0.35,
// 46/70 with no floor (at 0.25: abstention 4/10, change_verb 7/10, correction 10/10, dedup
// 8/10, newer_statement 7/10, past_question 9/10, status 6/10). The rules of da34503 score
// 50/70 on it, those of 91cf621 42/70. Development data from now on; the floors are its blind
// scores less one row.
inline constexpr SetFloor kTwentyEighthSetFloors[] = {
    {0.25, 50.0 / 70}, {0.35, 50.0 / 70}, {0.0, 45.0 / 70}};

// The twenty-ninth set (truth_heldout29.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a twenty-ninth writer from a prompt written anew (a basketball coach, a
// restaurant supplier's sales rep, a retired engineer who gardens, a biology student, a
// landlord; short notes, voice-to-text run-ons, pasted e-mails, nicknames and pronouns in later
// turns), scored once with the rules of e53d3a4 (2026-12-05): 48/70 = 68.6 % at the default
// floor 0.25, 48/70 at 0.35, 42/70 with no floor (at 0.25: abstention 6/10, change_verb 7/10,
// correction 9/10, dedup 7/10, newer_statement 7/10, past_question 6/10, status 6/10). The
// rules of 4bc6bf3 score 48/70 on it, da34503 44/70, 91cf621 34/70. Development data from now
// on; the floors are its blind scores less one row.
inline constexpr SetFloor kTwentyNinthSetFloors[] = {
    {0.25, 47.0 / 70}, {0.35, 47.0 / 70}, {0.0, 41.0 / 70}};

// The thirtieth set (truth_heldout30.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a thirtieth writer from a prompt written anew (an ER nurse on rotating shifts, a
// freelance zh/en translator, a bookkeeper, a middle-school class advisor, a food-truck owner,
// a new parent; typos, run-ons, mixed Chinese and English, amounts in several forms), scored
// once with the rules of e5711bc (2026-12-05): 50/70 = 71.4 % at the default floor 0.25, 51/70
// at 0.35, 46/70 with no floor (at 0.25: abstention 4/10, change_verb 6/10, correction 10/10,
// dedup 8/10, newer_statement 5/10, past_question 10/10, status 7/10). The rules of d651809
// score 49/70 on it. Development data from now on; the floors are its blind scores less one
// row.
inline constexpr SetFloor kThirtiethSetFloors[] = {
    {0.25, 49.0 / 70}, {0.35, 50.0 / 70}, {0.0, 45.0 / 70}};

// The thirty-first set (truth_heldout31.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a thirty-first writer from a prompt written anew (a long-haul truck driver, a
// chemistry PhD student, a wedding photographer, a pharmacist's assistant, a retired couple, a
// startup founder, a dog groomer; items named indirectly in later turns, pasted SMS and
// e-mails, abbreviations), scored once with the rules of b4b17f4 (2026-12-05): 50/70 = 71.4 %
// at the default floor 0.25, 49/70 at 0.35, 45/70 with no floor (at 0.25: abstention 5/10,
// change_verb 10/10, correction 9/10, dedup 6/10, newer_statement 7/10, past_question 9/10,
// status 4/10). The rules of d651809 score 46/70 on it. Two rules of b4b17f4 were taken out
// after the full suite showed them wrong elsewhere; the rules after that pass 49/70 (at 0.35
// 48, with no floor 44). Development data from now on; the floors are its blind scores less
// one row.
inline constexpr SetFloor kThirtyFirstSetFloors[] = {
    {0.25, 49.0 / 70}, {0.35, 48.0 / 70}, {0.0, 44.0 / 70}};

// The thirty-second set (truth_heldout32.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a thirty-second writer from a prompt written anew (a hotel front-desk
// manager, a physics teacher, a freelance video editor, a dialysis patient, a vineyard owner,
// a 大学辅导员, a 外卖骑手, a 装修队包工头, a parent, a clinic's head nurse; terse notes, long
// messages with the fact in the middle, questions in other words), scored once with the rules
// of fd1389c (2026-12-05): 48/70 = 68.6 % at the default floor 0.25, 47/70 at 0.35, 44/70 with
// no floor (at 0.25: abstention 5/10, change_verb 7/10, correction 8/10, dedup 6/10,
// newer_statement 7/10, past_question 8/10, status 7/10). The rules of 9559980 score 47/70 on
// it. Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kThirtySecondSetFloors[] = {
    {0.25, 47.0 / 70}, {0.35, 46.0 / 70}, {0.0, 43.0 / 70}};

// The thirty-third set (truth_heldout33.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a thirty-third writer from a prompt written anew (a retired engineer's formal
// sentences, a teenager's slang, a cross-border seller mixing English product words into
// Chinese, a law-firm assistant, a beekeeper, a marathon runner, a property manager, a touring
// musician, a care-home worker, a landlord of three flats; pronouns and descriptions for names,
// facts buried in longer messages), scored once with the rules of fd1389c (2026-12-05): 58/70 =
// 82.9 % at the default floor 0.25, 58/70 at 0.35, 54/70 with no floor (at 0.25: abstention
// 5/10, change_verb 9/10, correction 10/10, dedup 8/10, newer_statement 9/10, past_question
// 9/10, status 8/10). The rules of 9559980 score 57/70 on it. Development data from now on; the
// floors are its blind scores less one row.
inline constexpr SetFloor kThirtyThirdSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 57.0 / 70}, {0.0, 53.0 / 70}};

// The thirty-fourth set (truth_heldout34.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a thirty-fourth writer from a prompt written anew (a 中学班主任, a farmer at
// a market, a software consultant, a first-time mother, a 网约车司机, a retired teacher who
// paints, a 健身教练, a hotel owner in 大理, an ER doctor, a grad-school applicant; voice-typed
// run-ons, lists, code-switching, nicknames and pronouns in the questions), scored once with
// the rules of 8985b12 (2026-12-05): 52/70 = 74.3 % at the default floor 0.25, 49/70 at 0.35,
// 46/70 with no floor (at 0.25: abstention 4/10, change_verb 9/10, correction 7/10, dedup 6/10,
// newer_statement 8/10, past_question 10/10, status 8/10). The rules of 9559980 score 50/70,
// those of fd1389c 51/70. Development data from now on; the floors are its blind scores less
// one row.
inline constexpr SetFloor kThirtyFourthSetFloors[] = {
    {0.25, 51.0 / 70}, {0.35, 48.0 / 70}, {0.0, 45.0 / 70}};

// The thirty-fifth set (truth_heldout35.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a thirty-fifth writer from a prompt written anew (a dental office manager, a
// biology 研究生, a long-distance cyclist, a 物流调度, a family caring for a grandparent, a
// bakery owner, a 自媒体博主, a volunteer firefighter, a 二房东, a trial lawyer; messages that
// give the value before naming the thing, questions asked indirectly), scored once with the
// rules of 8985b12 (2026-12-05): 44/70 = 62.9 % at the default floor 0.25, 44/70 at 0.35,
// 36/70 with no floor (at 0.25: abstention 6/10, change_verb 7/10, correction 5/10, dedup 8/10,
// newer_statement 1/10, past_question 10/10, status 7/10). The rules of 9559980 score 43/70,
// those of fd1389c 44/70. Development data from now on; the floors are its blind scores less
// one row.
inline constexpr SetFloor kThirtyFifthSetFloors[] = {
    {0.25, 43.0 / 70}, {0.35, 43.0 / 70}, {0.0, 35.0 / 70}};

// The thirty-sixth set (truth_heldout36.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a thirty-sixth writer from a prompt written anew (a primary-school music
// teacher, a long-haul truck driver, a 淘宝 tea-shop owner, a new father, a chemistry PhD
// student, a 物业 manager, a wedding photographer, a volunteer firefighter, a 社区医院护士, a
// retired engineer who paints, a startup CFO, a 驾校教练), scored once with the rules of
// 90921eb (2026-12-05): 59/70 = 84.3 % at the default floor 0.25, 59/70 at 0.35, 53/70 with no
// floor (at 0.25: abstention 6/10, change_verb 7/10, correction 9/10, dedup 9/10,
// newer_statement 8/10, past_question 10/10, status 10/10). The rules of b29df77 score 58/70.
// Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kThirtySixthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 58.0 / 70}, {0.0, 52.0 / 70}};

// The thirty-seventh set (truth_heldout37.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a thirty-seventh writer from a prompt written anew (a hospital pharmacist, a
// 跨境电商 operations lead, a high-school basketball coach, a freelance translator, an elderly
// man minding his pills and grandchildren, a marine biologist at sea, a 餐厅老板, a real-estate
// agent, a graduate applying for jobs, a 装修 foreman, a grad student, a dog trainer), scored
// once with the rules of 90921eb (2026-12-05): 50/70 = 71.4 % at the default floor 0.25, 51/70
// at 0.35, 45/70 with no floor (at 0.25: abstention 6/10, change_verb 7/10, correction 9/10,
// dedup 5/10, newer_statement 7/10, past_question 9/10, status 7/10). The rules of b29df77
// score 50/70. Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kThirtySeventhSetFloors[] = {
    {0.25, 49.0 / 70}, {0.35, 50.0 / 70}, {0.0, 44.0 / 70}};

// The thirty-eighth set (truth_heldout38.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a thirty-eighth writer from a prompt written anew (a flight attendant, a
// 小学班主任, a cattle rancher, a 外贸业务员, a single mother who is a nurse, a game developer,
// a 健身房老板, an immigration paralegal, a landscape architect, a 广场舞 阿姨, a coffee roaster,
// a 物理竞赛教练), scored once with the rules of f971562 (2026-12-05): 59/70 = 84.3 % at the
// default floor 0.25, 59/70 at 0.35, 51/70 with no floor (at 0.25: abstention 8/10,
// change_verb 6/10, correction 10/10, dedup 10/10, newer_statement 7/10, past_question 10/10,
// status 8/10). The rules of b29df77 and of 90921eb score 59/70. Development data from now on;
// the floors are its blind scores less one row.
inline constexpr SetFloor kThirtyEighthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 58.0 / 70}, {0.0, 50.0 / 70}};

// The thirty-ninth set (truth_heldout39.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a thirty-ninth writer from a prompt written anew (a city bus driver, a 幼儿园
// 老师, an on-call data engineer, a 农村电商 selling honey, a hospice social worker, a tattoo
// artist, a 律所实习生, a beekeeper turned brewer, a 出租车司机, an orchestra violist, a 连锁药店
// 店长, a sailing instructor; Chinese mixed with English), scored once with the rules of
// f971562 (2026-12-05): 56/70 = 80.0 % at the default floor 0.25, 55/70 at 0.35, 51/70 with no
// floor (at 0.25: abstention 6/10, change_verb 8/10, correction 9/10, dedup 9/10,
// newer_statement 6/10, past_question 9/10, status 9/10). The rules of b29df77 score 55/70,
// those of 90921eb 56/70. Development data from now on; the floors are its blind scores less
// one row.
inline constexpr SetFloor kThirtyNinthSetFloors[] = {
    {0.25, 55.0 / 70}, {0.35, 54.0 / 70}, {0.0, 50.0 / 70}};

// The fortieth set (truth_heldout40.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a fortieth writer from a prompt written anew (a small-town veterinarian, a 网约车司机
// in 成都, a bakery owner, a 高三数学老师, a late-night radio host, a 快递驿站老板, a wedding
// planner, a freelance mobile developer, a 中医诊所医生, a plumber with two vans, a 社区团购
// 团长), scored once with the rules of e27ff47 (2026-12-05): 43/70 = 61.4 % at the default floor
// 0.25, 44/70 at 0.35, 44/70 with no floor (at 0.25: abstention 0/10, change_verb 6/10,
// correction 9/10, dedup 6/10, newer_statement 5/10, past_question 8/10, status 9/10).
// Development data from now on; the floors are its blind scores less one row.
inline constexpr SetFloor kFortiethSetFloors[] = {
    {0.25, 42.0 / 70}, {0.35, 43.0 / 70}, {0.0, 43.0 / 70}};

}  // namespace engram::truth_heldout

#endif  // ENGRAM_TESTS_TRUTH_HELDOUT_FLOORS1_H_
