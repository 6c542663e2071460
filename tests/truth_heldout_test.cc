// The held-out truth set (tests/corpora/truth_heldout.jsonl): recall-truth scenarios written
// blind, by a writer who read neither the rules nor the scenario suite, scored once after the
// rules were frozen (tests/corpora/README.md). Each row: turns a user said (days before the
// question), a question, and what the answer must show: `first` (a substring of the first
// hit), `absent` (substrings no hit may contain), `none` (no hit at all), `count` (how many
// hits contain a substring). Runs on the real e5 embedder with the default options.
// ENGRAM_TRUTH_DEBUG=1 prints, under each miss, every hit at floor 0 (relevance, state, text).
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string_view>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engram/engine.h"
#include "src/testing/fake_clock.h"
#include "src/text/normalize.h"
#include "src/testing/temp_dir.h"

namespace engram {
namespace {

using json = nlohmann::json;

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
constexpr SetFloor kFirstSetFloors[] = {{0.35, 49.0 / 52}, {0.25, 49.0 / 52}};

// The second set (truth_heldout2.jsonl, 70 rows), written blind by someone who had read neither
// the rules nor any scenario, scored once with the rules frozen (2026-12-02): 45/70 = 64.3 % at
// min_relevance 0.35 (abstention 8/10, change_verb 6/10, correction 8/10, dedup 3/10,
// newer_statement 8/10, past_question 6/10, status 6/10); 36/70 = 51.4 % with no floor
// (abstention 0/10). Development data from now on.
constexpr SetFloor kSecondSetFloors[] = {{0.35, 61.0 / 70}, {0.25, 62.0 / 70}, {0.0, 52.0 / 70}};

// The third set (truth_heldout3.jsonl, 70 rows), written blind like the second by another
// writer, scored once with the rules frozen after tuning on the first two (2026-12-02, dev
// scores then 50/52 and 62/70): 42/70 = 60.0 % at min_relevance 0.35 (abstention 4/10,
// change_verb 6/10, correction 8/10, dedup 6/10, newer_statement 6/10, past_question 7/10,
// status 5/10); 34/70 = 48.6 % with no floor. The word lists fit what they were tuned on and
// generalize to about six rows in ten. Development data from now on.
constexpr SetFloor kThirdSetFloors[] = {{0.35, 50.0 / 70}, {0.25, 49.0 / 70}, {0.0, 41.0 / 70}};

// The fourth set (truth_heldout4.jsonl, 70 rows), written blind by a fourth writer told to
// ask in other words than the statements use ("电话" for "手机号", "where do I live" for
// "moved to"), scored once with the rules frozen (2026-12-02, commit 79d368d): 23/70 = 32.9 %
// at the default floor 0.25 (abstention 4/10, change_verb 2/10, correction 4/10, dedup 5/10,
// newer_statement 3/10, past_question 3/10, status 2/10), 24/70 at 0.35, 24/70 with no floor
// (abstention 0/10). Most misses are current statements a paraphrased question finds with a
// cosine of ~0.80, which the relevance scale reads as nothing. Development data from now on.
constexpr SetFloor kFourthSetFloors[] = {{0.25, 46.0 / 70}, {0.35, 46.0 / 70}, {0.0, 42.0 / 70}};

// The fifth set (truth_heldout5.jsonl, 70 rows, 35 zh / 35 en, ten per family), written blind
// by a fifth writer told to ask about half of the questions in other words, scored once with
// the rules frozen at fb9702d (2026-12-03): 41/70 = 58.6 % at the default floor 0.25, 0.35 and
// 0 alike (abstention 4/10 at 0.25 and 0/10 at 0, change_verb 9/10, correction 6/10, dedup
// 6/10, newer_statement 6/10, past_question 3/10, status 7/10). Development data from now on:
// 47/70 at every floor after the value rule (staleness.h: other values of one kind), "had ...
// wrong" corrections and "before X" history questions (sets three and four: 49/70 and 29/70
// at 0.25, one row more each). The floors are these less one row.
constexpr SetFloor kFifthSetFloors[] = {{0.25, 50.0 / 70}, {0.35, 50.0 / 70}, {0.0, 48.0 / 70}};

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
constexpr SetFloor kSixthSetFloors[] = {{0.25, 47.0 / 70}, {0.35, 48.0 / 70}, {0.0, 44.0 / 70}};

// The seventh set (truth_heldout7.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind like the sixth by a seventh writer, scored once with the rules frozen at 991a570
// (2026-12-04): 39/70 = 55.7 % at the default floor 0.25, 40/70 at 0.35, 37/70 with no floor
// (at 0.25: abstention 3/10, change_verb 6/10, correction 9/10, dedup 3/10, newer_statement
// 6/10, past_question 6/10, status 6/10). The same rules without the small-store scale
// (RelevanceScale::latin_few_shift 0) also score 39/70: one abstention more, one paraphrased
// answer less. Fifteen rows gained on the six development sets bought nothing here.
// Development data from now on; the floors are its blind scores less one row. 40/70 at 0.25
// once two first steps of a process no longer replace each other (kSlotStarted).
constexpr SetFloor kSeventhSetFloors[] = {{0.25, 38.0 / 70}, {0.35, 39.0 / 70}, {0.0, 36.0 / 70}};

// The eighth set (truth_heldout8.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind like the sixth by an eighth writer, scored once with the rules frozen at eada872
// (2026-12-04, after the answer kinds of answer_kind.h): 40/70 = 57.1 % at the default floor
// 0.25, 39/70 at 0.35 and with no floor (at 0.25: abstention 4/10, change_verb 4/10,
// correction 8/10, dedup 6/10, newer_statement 7/10, past_question 7/10, status 4/10).
// Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kEighthSetFloors[] = {{0.25, 39.0 / 70}, {0.35, 38.0 / 70}, {0.0, 38.0 / 70}};

// The ninth set (truth_heldout9.jsonl, 70 rows, 35 zh / 35 en, ten per family), written blind
// like the eighth by a ninth writer, scored once with the rules frozen at 3ebb45c (2026-12-04,
// after clauses said again, ShareAClause): 37/70 = 52.9 % at the default floor 0.25, 35/70 at
// 0.35, 30/70 with no floor (at 0.25: abstention 7/10, change_verb 5/10, correction 8/10, dedup
// 4/10, newer_statement 7/10, past_question 4/10, status 2/10). Development data from now on;
// the floors are its blind scores less one row.
constexpr SetFloor kNinthSetFloors[] = {{0.25, 36.0 / 70}, {0.35, 34.0 / 70}, {0.0, 29.0 / 70}};

// The tenth set (truth_heldout10.jsonl, 70 rows, 35 zh / 35 en, ten per family), written blind
// by a tenth writer (told to ask about half of the questions in other words; a prompt written
// anew, so its difficulty need not match the earlier sets'), scored once with the rules frozen
// at 5021618 (2026-12-04, after questions about what held before rank the earlier statement
// first): 56/70 = 80.0 % at the default floor 0.25 and at 0.35, 49/70 with no floor (at 0.25:
// abstention 7/10, change_verb 6/10, correction 10/10, dedup 10/10, newer_statement 9/10,
// past_question 8/10, status 6/10). The rules before that change (8219085) score 53/70 on it
// (past_question 5/10): the set is easier than the ninth, on which they scored 37/70.
// Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kTenthSetFloors[] = {{0.25, 55.0 / 70}, {0.35, 55.0 / 70}, {0.0, 48.0 / 70}};

// The eleventh set (truth_heldout11.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by an eleventh writer from the tenth's prompt (a few more slots named), scored once
// with the rules frozen at 37c71b6 (2026-12-04, after the tenth set's rows were tuned on):
// 55/70 = 78.6 % at the default floor 0.25, 53/70 at 0.35, 49/70 with no floor (at 0.25:
// abstention 6/10, change_verb 7/10, correction 10/10, dedup 9/10, newer_statement 8/10,
// past_question 8/10, status 7/10). The rules of 8219085, before this day's last four truth
// changes, score 51/70 on it. Development data from now on; the floors are its blind scores
// less one row.
constexpr SetFloor kEleventhSetFloors[] = {{0.25, 54.0 / 70}, {0.35, 52.0 / 70}, {0.0, 48.0 / 70}};

// The twelfth set (truth_heldout12.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a twelfth writer from the eleventh's prompt (a few more slots named), scored once
// with the rules frozen at f01e2b2 (2026-12-04, after the eleventh set's rows were tuned on):
// 54/70 = 77.1 % at the default floor 0.25 and at 0.35, 50/70 with no floor (at 0.25:
// abstention 7/10, change_verb 8/10, correction 10/10, dedup 8/10, newer_statement 9/10,
// past_question 7/10, status 5/10). The rules of 8219085 score 48/70 on it, those of 37c71b6
// 53/70. Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kTwelfthSetFloors[] = {{0.25, 53.0 / 70}, {0.35, 53.0 / 70}, {0.0, 49.0 / 70}};

// The thirteenth set (truth_heldout13.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a thirteenth writer from the twelfth's prompt, scored once with the rules frozen at
// f37734d (2026-12-04): 65/70 = 92.9 % at the default floor 0.25, 64/70 at 0.35, 55/70 with no
// floor (at 0.25: abstention 10/10, change_verb 7/10, correction 10/10, dedup 10/10,
// newer_statement 10/10, past_question 10/10, status 8/10). An easy set: the rules of 8219085
// score 59/70 on it, those of f01e2b2 66/70 (0b2e831 lost a row, n13, which "已经" as no word
// of what changed wins back). Development data from now on; the floors are its blind scores
// less one row.
constexpr SetFloor kThirteenthSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 63.0 / 70}, {0.0, 54.0 / 70}};

// The fourteenth set (truth_heldout14.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a fourteenth writer from a prompt written anew (half the questions in other words,
// many slots named, abstention questions close to what was said), scored once with the rules
// frozen at f924e89 (2026-12-04): 56/70 = 80.0 % at the default floor 0.25, 59/70 at 0.35,
// 51/70 with no floor (at 0.25: abstention 5/10, change_verb 7/10, correction 10/10, dedup
// 8/10, newer_statement 9/10, past_question 9/10, status 8/10). Development data from now on;
// the floors are its blind scores less one row.
constexpr SetFloor kFourteenthSetFloors[] = {
    {0.25, 55.0 / 70}, {0.35, 58.0 / 70}, {0.0, 50.0 / 70}};

// The fifteenth set (truth_heldout15.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a fifteenth writer from the fourteenth's prompt, scored once with the rules frozen
// at 5b9b43f (2026-12-04): 57/70 = 81.4 % at the default floor 0.25, 55/70 at 0.35, 48/70 with
// no floor (at 0.25: abstention 8/10, change_verb 9/10, correction 10/10, dedup 7/10,
// newer_statement 9/10, past_question 8/10, status 6/10). The rules of c3c9e45, before the
// changes tuned on the fourteenth set and the older ones, score 56/70 on it (and 56/70 on the
// fourteenth). Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kFifteenthSetFloors[] = {
    {0.25, 56.0 / 70}, {0.35, 54.0 / 70}, {0.0, 47.0 / 70}};

// The sixteenth set (truth_heldout16.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a sixteenth writer from the fifteenth's prompt (more slots named), scored once with
// the rules frozen at d727bda (2026-12-04): 54/70 = 77.1 % at the default floor 0.25, 52/70 at
// 0.35, 47/70 with no floor (at 0.25: abstention 7/10, change_verb 7/10, correction 8/10,
// dedup 9/10, newer_statement 9/10, past_question 8/10, status 6/10). The rules of c3c9e45
// score the same on it at every floor. Development data from now on; the floors are its blind
// scores less one row.
constexpr SetFloor kSixteenthSetFloors[] = {
    {0.25, 53.0 / 70}, {0.35, 51.0 / 70}, {0.0, 46.0 / 70}};

// The seventeenth set (truth_heldout17.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a seventeenth writer from a prompt written anew (abstention questions about
// an attribute of someone or something the turns name), scored once with the rules frozen at
// 086e2d6 (2026-12-04): 55/70 = 78.6 % at the default floor 0.25, 55/70 at 0.35, 48/70 with no
// floor (at 0.25: abstention 7/10, change_verb 7/10, correction 9/10, dedup 8/10,
// newer_statement 6/10, past_question 10/10, status 8/10). The rules of e549e2f, before
// SameAnswerWord and the answer-kind changes, score 54/70 on it. Development data from now on;
// the floors are its blind scores less one row.
constexpr SetFloor kSeventeenthSetFloors[] = {
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
constexpr SetFloor kEighteenthSetFloors[] = {
    {0.25, 34.0 / 70}, {0.35, 35.0 / 70}, {0.0, 27.0 / 70}};

// The nineteenth set (truth_heldout19.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a nineteenth writer from a prompt written anew (tidy and casual phone styles mixed),
// scored once with the rules frozen at ec29a97 (2026-12-04): 44/70 = 62.9 % at the default
// floor 0.25, 44/70 at 0.35, 40/70 with no floor (at 0.25: abstention 3/10, change_verb 8/10,
// correction 6/10, dedup 5/10, newer_statement 3/10, past_question 10/10, status 9/10). The
// rules of e549e2f score 36/70 on it, those of b2ded1f 38/70: the questions' status and
// one-thing rules carried to text nobody had read. Development data from now on; the floors
// are its blind scores less one row.
constexpr SetFloor kNineteenthSetFloors[] = {
    {0.25, 43.0 / 70}, {0.35, 43.0 / 70}, {0.0, 39.0 / 70}};

// The twentieth set (truth_heldout20.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a twentieth writer from a prompt written anew (users of different ages and jobs:
// tidy, phone-typed and formal), scored once with the rules frozen at 5650ea6 (2026-12-04):
// 37/70 = 52.9 % at the default floor 0.25, 37/70 at 0.35, 36/70 with no floor (at 0.25:
// abstention 2/10, change_verb 6/10, correction 7/10, dedup 4/10, newer_statement 5/10,
// past_question 9/10, status 4/10). The rules of ec29a97 score 34/70 on it, those of e549e2f
// 26/70. Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kTwentiethSetFloors[] = {
    {0.25, 36.0 / 70}, {0.35, 36.0 / 70}, {0.0, 35.0 / 70}};

// The twenty-first set (truth_heldout21.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a twenty-first writer from a prompt written anew (70 imagined users of
// many walks of life, neat, phone-typed and terse), scored once with the rules frozen at
// 4154acc (2026-12-04): 48/70 = 68.6 % at the default floor 0.25, 48/70 at 0.35, 43/70 with
// no floor (at 0.25: abstention 5/10, change_verb 5/10, correction 9/10, dedup 5/10,
// newer_statement 6/10, past_question 10/10, status 8/10). The rules of 5650ea6 score 47/70
// on it, those of e549e2f 33/70. Development data from now on; the floors are its blind
// scores less one row.
constexpr SetFloor kTwentyFirstSetFloors[] = {
    {0.25, 47.0 / 70}, {0.35, 47.0 / 70}, {0.0, 42.0 / 70}};

// The twenty-second set (truth_heldout22.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a twenty-second writer from a prompt written anew (a restaurant owner, a
// nurse, a landlord, a truck driver and others; tidy, phone-typed and rambling messages),
// scored once with the rules frozen at f85b46a (2026-12-04): 40/70 = 57.1 % at the default
// floor 0.25, 40/70 at 0.35, 34/70 with no floor (at 0.25: abstention 5/10, change_verb 4/10,
// correction 9/10, dedup 4/10, newer_statement 6/10, past_question 9/10, status 3/10). The
// rules of 91cf621 score 35/70 on it. Development data from now on; the floors are its blind
// scores less one row.
constexpr SetFloor kTwentySecondSetFloors[] = {
    {0.25, 39.0 / 70}, {0.35, 39.0 / 70}, {0.0, 33.0 / 70}};

// The twenty-third set (truth_heldout23.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a twenty-third writer from a prompt written anew (an expat, a farmer, a
// lawyer, a teenager and others; terse notes, ordinary chat and voice-dictated run-ons),
// scored once with the rules frozen at 9e26f7d (2026-12-05): 53/70 = 75.7 % at the default
// floor 0.25, 55/70 at 0.35, 48/70 with no floor (at 0.25: abstention 6/10, change_verb 8/10,
// correction 8/10, dedup 5/10, newer_statement 8/10, past_question 9/10, status 9/10). The
// rules of f85b46a score 52/70 on it, those of 91cf621 47/70. Development data from now on;
// the floors are its blind scores less one row.
constexpr SetFloor kTwentyThirdSetFloors[] = {
    {0.25, 52.0 / 70}, {0.35, 54.0 / 70}, {0.0, 47.0 / 70}};

// The twenty-fourth set (truth_heldout24.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a twenty-fourth writer from a prompt written anew (a hospital
// administrator, a delivery rider, a retired couple and others; one-liners to buried
// paragraphs, polite, blunt, emoji-laden and typo-ridden), scored once with the rules frozen at
// 345c119 (2026-12-05): 44/70 = 62.9 % at the default floor 0.25, 45/70 at 0.35, 38/70 with no
// floor (at 0.25: abstention 3/10, change_verb 7/10, correction 7/10, dedup 8/10,
// newer_statement 7/10, past_question 8/10, status 4/10). The rules of 91cf621 score 37/70 on
// it. Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kTwentyFourthSetFloors[] = {
    {0.25, 43.0 / 70}, {0.35, 44.0 / 70}, {0.0, 37.0 / 70}};

// The twenty-fifth set (truth_heldout25.jsonl, 70 rows, 35 zh / 35 en, ten per family),
// written blind by a twenty-fifth writer from a prompt written anew (ordinary life in Chinese
// and English cities; half clipped phone typing with mixed Chinese and English, a quarter of
// the questions indirect), scored once with the rules frozen at f4e366c (2026-12-05): 49/70 =
// 70.0 % at the default floor 0.25, 50/70 at 0.35, 47/70 with no floor (at 0.25: abstention
// 3/10, change_verb 8/10, correction 10/10, dedup 4/10, newer_statement 7/10, past_question
// 9/10, status 8/10). The rules of 345c119 score 48/70 on it, those of 91cf621 43/70.
// Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kTwentyFifthSetFloors[] = {
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
constexpr SetFloor kTwentySixthSetFloors[] = {
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
constexpr SetFloor kTwentySeventhSetFloors[] = {
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
constexpr SetFloor kTwentyEighthSetFloors[] = {
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
constexpr SetFloor kTwentyNinthSetFloors[] = {
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
constexpr SetFloor kThirtiethSetFloors[] = {
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
constexpr SetFloor kThirtyFirstSetFloors[] = {
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
constexpr SetFloor kThirtySecondSetFloors[] = {
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
constexpr SetFloor kThirtyThirdSetFloors[] = {
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
constexpr SetFloor kThirtyFourthSetFloors[] = {
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
constexpr SetFloor kThirtyFifthSetFloors[] = {
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
constexpr SetFloor kThirtySixthSetFloors[] = {
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
constexpr SetFloor kThirtySeventhSetFloors[] = {
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
constexpr SetFloor kThirtyEighthSetFloors[] = {
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
constexpr SetFloor kThirtyNinthSetFloors[] = {
    {0.25, 55.0 / 70}, {0.35, 54.0 / 70}, {0.0, 50.0 / 70}};

// The fortieth set (truth_heldout40.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a fortieth writer from a prompt written anew (a small-town veterinarian, a 网约车司机
// in 成都, a bakery owner, a 高三数学老师, a late-night radio host, a 快递驿站老板, a wedding
// planner, a freelance mobile developer, a 中医诊所医生, a plumber with two vans, a 社区团购
// 团长), scored once with the rules of e27ff47 (2026-12-05): 43/70 = 61.4 % at the default floor
// 0.25, 44/70 at 0.35, 44/70 with no floor (at 0.25: abstention 0/10, change_verb 6/10,
// correction 9/10, dedup 6/10, newer_statement 5/10, past_question 8/10, status 9/10).
// Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kFortiethSetFloors[] = {
    {0.25, 42.0 / 70}, {0.35, 43.0 / 70}, {0.0, 43.0 / 70}};

// The forty-first set (truth_heldout41.jsonl, 70 rows, 35 zh / 35 en, ten per family), written
// blind by a forty-first writer from the fortieth's prompt with other lives (an airline pilot,
// a 民宿老板 in 大理, a linguistics PhD student, a 外卖骑手, a landscape architect, a 银行柜员, a
// yoga instructor, a 短视频博主 selling handmade soap, an ER doctor, a 养猪场场长, a sommelier),
// scored once with the rules of e27ff47 (2026-12-05): 53/70 = 75.7 % at the default floor 0.25,
// 53/70 at 0.35 and with no floor (at 0.25: abstention 2/10, change_verb 6/10, correction
// 10/10, dedup 9/10, newer_statement 10/10, past_question 7/10, status 9/10). Development data
// from now on; the floors are its blind scores less one row.
constexpr SetFloor kFortyFirstSetFloors[] = {
    {0.25, 52.0 / 70}, {0.35, 52.0 / 70}, {0.0, 52.0 / 70}};

// The forty-second set (truth_heldout42.jsonl, 70 rows, 35 zh / 35 en), written blind by a
// forty-second writer from a prompt of another kind: 50 rows ("two_things") where a later
// statement gives a value of the same kind for another thing (another person or relation,
// another qualifier of one noun, another noun, another member of a series, another place or
// time, a part) and the question asks about the earlier one; 20 control rows where one thing's
// value changes ("newer_statement"). Scored once with the rules of the commit that adds it
// (2026-12-05): 40/70 = 57.1 % at the default floor 0.25 (two_things 23/50, newer_statement
// 17/20), 40/70 at 0.35, 43/70 with no floor. The rules before it (d5e850b) score 36/70
// (two_things 18/50, newer_statement 18/20). Development data from now on; the floors are its
// blind scores less one row.
constexpr SetFloor kFortySecondSetFloors[] = {
    {0.25, 39.0 / 70}, {0.35, 39.0 / 70}, {0.0, 42.0 / 70}};

// The forty-third set (truth_heldout43.jsonl, 70 rows, 35 zh / 35 en), written blind by a
// forty-third writer from the forty-second's prompt with its examples replaced by kinds only
// (a 小区物业经理, a night-shift nurse, a 高中物理老师, a food truck owner, a 二手车商, a wedding
// photographer, a 奶茶店店长, a property manager, a 健身教练, a retired couple, a 程序员 with two
// kids, a dog groomer): 50 "two_things" rows and 20 controls. Scored once with the rules of
// 89dd163 (2026-12-05): 47/70 = 67.1 % at the default floor 0.25 (two_things 29/50,
// newer_statement 18/20), 47/70 at 0.35, 51/70 with no floor. The rules of d5e850b, before
// other things were told apart, score 35/70 (two_things 18/50, newer_statement 17/20).
// Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kFortyThirdSetFloors[] = {
    {0.25, 46.0 / 70}, {0.35, 46.0 / 70}, {0.0, 50.0 / 70}};

// The forty-fourth set (truth_heldout44.jsonl, 70 rows, 35 zh / 35 en, the usual seven families),
// written blind by a forty-fourth writer from the usual prompt (a ferry deckhand, a 上海裁缝铺
// 师傅, an indie bookshop owner, a 云南茶农, a hospice social worker, a 健身房私教). Scored once
// with the rules of c730125 (2026-12-05): 51/70 = 72.9 % at the default floor 0.25
// (abstention 1/10, change_verb 9/10, correction 8/10, dedup 7/10, newer_statement 8/10,
// past_question 9/10, status 9/10), 52/70 at 0.35, 54/70 with no floor. The rules of 65658f2,
// before a later remark was told from a new answer, score 51/70 too. Development data from now
// on; the floors are its blind scores less one row.
constexpr SetFloor kFortyFourthSetFloors[] = {
    {0.25, 50.0 / 70}, {0.35, 51.0 / 70}, {0.0, 53.0 / 70}};

// The forty-fifth set (truth_heldout45.jsonl, 70 rows, 35 zh / 35 en, the usual seven families),
// written blind by a forty-fifth writer from the usual prompt (an airline pilot, a 成都火锅店
// 老板娘, a vet receptionist who fosters cats, a 北京中学数学老师, a touring sound engineer, a
// 广州外贸跟单员). Scored once with the rules of 6c8819c (2026-12-05): 58/70 = 82.9 % at the
// default floor 0.25 (abstention 7/10, change_verb 8/10, correction 10/10, dedup 10/10,
// newer_statement 5/10, past_question 10/10, status 8/10), 59/70 at 0.35, 49/70 with no floor.
// The rules of 65658f2, before a value of another subject was off-answer, score 51/70
// (abstention 0/10). Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kFortyFifthSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 58.0 / 70}, {0.0, 48.0 / 70}};

// The forty-sixth set (truth_heldout46.jsonl, 70 rows, 35 zh / 35 en, the usual seven families),
// written blind by a forty-sixth writer from the usual prompt (a dairy farmer who drives the
// school bus, a 深圳产品经理 with a second baby, a paralegal training for a marathon, 西安开民宿
// 的夫妻, a retired chemistry teacher, a 南京药剂师 learning to drive). Scored once with the rules
// of 02a2809 (2026-12-05): 60/70 = 85.7 % at the default floor 0.25 (abstention 8/10,
// change_verb 7/10, correction 9/10, dedup 9/10, newer_statement 9/10, past_question 10/10,
// status 8/10), 59/70 at 0.35, 51/70 with no floor. The rules of 65658f2 score 54/70
// (abstention 2/10). Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kFortySixthSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 58.0 / 70}, {0.0, 50.0 / 70}};

// The forty-seventh set (truth_heldout47.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a forty-seventh writer from the usual prompt (a night-shift ICU
// nurse with two cats, 成都火锅店的老板娘, a wedding photographer renting a studio, 杭州跨境电商
// 运营, a truck dispatcher coaching little league, 青岛的中学英语老师). Scored once with the rules
// of b3c8971 (2026-12-05): 56/70 = 80.0 % at the default floor 0.25 (abstention 5/10,
// change_verb 6/10, correction 9/10, dedup 10/10, newer_statement 7/10, past_question 10/10,
// status 9/10), 56/70 at 0.35, 51/70 with no floor. The rules of 75beaa0 score the same 56/70.
// Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kFortySeventhSetFloors[] = {
    {0.25, 55.0 / 70}, {0.35, 55.0 / 70}, {0.0, 50.0 / 70}};

// The forty-eighth set (truth_heldout48.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a forty-eighth writer from the usual prompt (a dental hygienist
// renovating a fixer-upper, 武汉汽配厂的采购经理, a marine biology grad student at a bike shop,
// 苏州外贸服装小老板, a line cook saving for a food truck, 北京律所实习律师). Scored once with
// the rules of 414d5b5 (2026-12-05): 58/70 = 82.9 % at the default floor 0.25 (abstention 6/10,
// change_verb 7/10, correction 10/10, dedup 9/10, newer_statement 7/10, past_question 10/10,
// status 9/10), 58/70 at 0.35, 52/70 with no floor. The rules of 75beaa0 score the same 58/70.
// Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kFortyEighthSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 57.0 / 70}, {0.0, 51.0 / 70}};

// The forty-ninth set (truth_heldout49.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a forty-ninth writer from the usual prompt (an HVAC technician
// with three kids, 广州的幼儿园园长, a QA tester who fosters dogs, 重庆的网约车司机, a hospice
// chaplain learning Spanish, 长沙的小学数学老师). Scored once with the rules of 86dd643
// (2026-12-05): 62/70 = 88.6 % at the default floor 0.25 (abstention 6/10, change_verb 9/10,
// correction 9/10, dedup 10/10, newer_statement 9/10, past_question 10/10, status 9/10), 62/70
// at 0.35, 54/70 with no floor. The rules of 75beaa0 score the same 62/70. Development data
// from now on; the floors are its blind scores less one row.
constexpr SetFloor kFortyNinthSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 61.0 / 70}, {0.0, 53.0 / 70}};

// The fiftieth set (truth_heldout50.jsonl, 70 rows, 35 zh / 35 en, the usual seven families),
// written blind by a fiftieth writer from the usual prompt (a veterinary receptionist in a bar
// band, 郑州的高铁乘务员, a middle school band director caring for his mother, 厦门奶茶店的90后,
// a commercial fisherman in Alaska, 昆明的导游). Scored once with the rules of bc89b53
// (2026-12-05): 57/70 = 81.4 % at the default floor 0.25 (abstention 8/10, change_verb 8/10,
// correction 9/10, dedup 6/10, newer_statement 7/10, past_question 10/10, status 9/10), 57/70
// at 0.35, 47/70 with no floor. The rules of 75beaa0 score the same 57/70. Development data
// from now on; the floors are its blind scores less one row.
constexpr SetFloor kFiftiethSetFloors[] = {
    {0.25, 56.0 / 70}, {0.35, 56.0 / 70}, {0.0, 46.0 / 70}};

// The fifty-first set (truth_heldout51.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-first writer from the usual prompt (a real estate agent
// volunteering at a shelter, 哈尔滨的冰雕师傅, a night-school nursing student at a pharmacy,
// 合肥的电池工程师, a beekeeper in Vermont, 天津的社区医生). Scored once with the rules of
// bc89b53 (2026-12-05), like the fiftieth: 56/70 = 80.0 % at the default floor 0.25
// (abstention 5/10, change_verb 7/10, correction 10/10, dedup 9/10, newer_statement 9/10,
// past_question 9/10, status 7/10), 57/70 at 0.35, 52/70 with no floor. The rules of 75beaa0
// score 55/70 (dedup 8/10). Development data from now on; the floors are its blind scores less
// one row.
constexpr SetFloor kFiftyFirstSetFloors[] = {
    {0.25, 55.0 / 70}, {0.35, 56.0 / 70}, {0.0, 51.0 / 70}};

// The fifty-second set (truth_heldout52.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-second writer from the usual prompt (成都的火锅店老板, a
// Denver ER nurse on nights, 深圳硬件创业公司的供应链经理, a retired teacher volunteering at a
// library in Maine, 杭州的直播电商卖家, a Toronto junior lawyer before a trial). Scored once
// with the rules of 9facf31 (2026-12-06): 65/70 = 92.9 % at the default floor 0.25
// (abstention 10/10, change_verb 7/10, correction 10/10, dedup 10/10, newer_statement 9/10,
// past_question 10/10, status 9/10), 65/70 at 0.35, 55/70 with no floor. The rules of fe170d8
// score the same 65/70. Development data from now on; the floors are its blind scores less
// one row.
constexpr SetFloor kFiftySecondSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 54.0 / 70}};

// The fifty-third set (truth_heldout53.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-third writer from the usual prompt (武汉的材料学研究生, a
// Texas rancher with a feed store account, 厦门的茶叶店老板, a London bike courier racing on
// weekends, 北京的幼儿园老师, a Seattle game developer with two cats). Scored once with the
// rules of 9facf31 (2026-12-06), like the fifty-second: 55/70 = 78.6 % at the default floor
// 0.25 (abstention 8/10, change_verb 5/10, correction 8/10, dedup 8/10, newer_statement 8/10,
// past_question 10/10, status 8/10), 54/70 at 0.35, 45/70 with no floor. The rules of fe170d8
// score the same 55/70. Development data from now on; the floors are its blind scores less
// one row.
constexpr SetFloor kFiftyThirdSetFloors[] = {
    {0.25, 54.0 / 70}, {0.35, 53.0 / 70}, {0.0, 44.0 / 70}};

// The fifty-fourth set (truth_heldout54.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-fourth writer from the usual prompt (青岛的海鲜批发商, a
// Phoenix chemistry teacher coaching debate, 南京的医院药剂师, a Dublin wedding photographer,
// 长沙的网约车司机, a Minneapolis dental hygienist with twin toddlers). Scored once with the
// rules of da0ac0b (2026-12-06): 62/70 = 88.6 % at the default floor 0.25 (abstention 8/10,
// change_verb 9/10, correction 10/10, dedup 10/10, newer_statement 7/10, past_question 10/10,
// status 8/10), 62/70 at 0.35, 54/70 with no floor. The rules of fe170d8 score 60/70
// (change_verb 7/10). Development data from now on; the floors are its blind scores less one
// row.
constexpr SetFloor kFiftyFourthSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 61.0 / 70}, {0.0, 53.0 / 70}};

// The fifty-fifth set (truth_heldout55.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-fifth writer from the usual prompt (苏州的刺绣工作室老板, a
// Nashville session guitarist, 大连港的物流调度, a Vancouver PhD student in marine biology,
// 贵阳的小学校长, an Atlanta food-truck owner). Scored once with the rules of da0ac0b
// (2026-12-06), like the fifty-fourth: 58/70 = 82.9 % at the default floor 0.25 (abstention
// 6/10, change_verb 8/10, correction 9/10, dedup 9/10, newer_statement 9/10, past_question
// 8/10, status 9/10), 60/70 at 0.35, 52/70 with no floor. The rules of fe170d8 score 56/70.
// Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kFiftyFifthSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 59.0 / 70}, {0.0, 51.0 / 70}};

// The fifty-sixth set (truth_heldout56.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-sixth writer from the usual prompt (哈尔滨的冰雕工作室经理,
// a Phoenix emergency-room nurse, 厦门的茶叶店加盟商, a Glasgow secondhand-bookshop owner, 兰州的
// 牛肉面馆厨师, a Denver ski-rental technician). Scored once with the rules of 2ace46e
// (2026-12-06): 61/70 = 87.1 % at the default floor 0.25 (abstention 9/10, change_verb 9/10,
// correction 10/10, dedup 9/10, newer_statement 9/10, past_question 9/10, status 6/10), 61/70
// at 0.35, 49/70 with no floor. Development data from now on; the floors are its blind scores
// less one row.
constexpr SetFloor kFiftySixthSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 60.0 / 70}, {0.0, 48.0 / 70}};

// The fifty-seventh set (truth_heldout57.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-seventh writer from the usual prompt (深圳的硬件创业公司产品
// 经理, a Dublin freelance translator, 昆明的鲜花批发商, a Houston oil-rig safety inspector, 青岛的
// 幼儿园老师, a Melbourne indie game developer). Scored once with the rules of 2ace46e
// (2026-12-06), like the fifty-sixth: 60/70 = 85.7 % at the default floor 0.25 (abstention
// 6/10, change_verb 9/10, correction 9/10, dedup 9/10, newer_statement 8/10, past_question
// 10/10, status 9/10), 60/70 at 0.35, 53/70 with no floor. Development data from now on; the
// floors are its blind scores less one row.
constexpr SetFloor kFiftySeventhSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 59.0 / 70}, {0.0, 52.0 / 70}};

// The fifty-eighth set (truth_heldout58.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-eighth writer from the usual prompt (长沙的直播带货主播, a
// Portland bicycle mechanic, 天津的医院药剂师, a Cape Town wine-tour guide, 合肥的高校实验员, a
// Minneapolis public-library archivist), written before the rules of 2ace46e were changed and
// scored once with the rules of a8bd25f (2026-12-06): 65/70 = 92.9 % at the default floor 0.25
// (abstention 8/10, change_verb 10/10, correction 10/10, dedup 10/10, newer_statement 8/10,
// past_question 10/10, status 9/10), 65/70 at 0.35, 57/70 with no floor. The rules of 2ace46e
// score 64/70. Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kFiftyEighthSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 56.0 / 70}};

// The fifty-ninth set (truth_heldout59.jsonl, 70 rows, 35 zh / 35 en, the usual seven
// families), written blind by a fifty-ninth writer from the usual prompt (南宁的芒果园主, a
// Chicago wedding photographer, 石家庄的驾校教练, an Auckland sailing instructor, 太原煤炭公司的
// 会计, a Boston retired firefighter who volunteers). Scored once with the rules of a8bd25f
// (2026-12-06), like the fifty-eighth: 61/70 = 87.1 % at the default floor 0.25 (abstention
// 7/10, change_verb 9/10, correction 10/10, dedup 8/10, newer_statement 9/10, past_question
// 9/10, status 9/10), 61/70 at 0.35, 55/70 with no floor. The rules of 2ace46e score 60/70.
// Development data from now on; the floors are its blind scores less one row.
constexpr SetFloor kFiftyNinthSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 60.0 / 70}, {0.0, 54.0 / 70}};

// Sets sixty to sixty-five (truth_heldout60.jsonl … truth_heldout65.jsonl, 70 rows each, 35 zh /
// 35 en, the usual seven families), each written blind by its own writer from the usual
// prompt, all six written before any was opened. Lives: 60 无锡丝厂质检员, a Minneapolis school
// bus driver, 珠海游艇租赁订船员, a Melbourne barista-roaster, 呼和浩特奶牛场兽医, a New Orleans
// jazz trumpeter; 61 洛阳牡丹园导游, a Seattle on-call cloud engineer, 泉州鞋厂外贸经理, a
// Manchester PE teacher, 贵阳大数据中心技术员, a San Diego surf-shop owner; 62 烟台苹果酒创业者,
// a Toronto immigration paralegal, 拉萨客栈老板, a Nashville session guitarist, 绍兴黄酒销售, an
// Edinburgh marine-biology PhD student; 63 济南省立医院放射科医生, a Denver ski-patrol medic,
// 佛山家具展厅销售, a Brisbane property manager, 南昌地铁维保工程师, a Philadelphia food-truck
// owner; 64 西宁青稞面包店主, a Detroit auto-parts account manager, 大连海产出口报关员, a Perth
// mining-camp chef, 南通家纺电商, an Atlanta choir director; 65 潍坊风筝作坊主, a Vancouver
// location scout, 郑州物流园调度, a Cork dairy farmer, 海口免税城楼面主管, a Santa Fe pottery
// teacher. Each scored once at the default floor 0.25 (2026-12-06):
//   60: rules of a2654a1, 60/70 = 85.7 % (60 at 0.35, 52 with no floor);
//   61: rules of a2654a1, 64/70 = 91.4 % (64, 56);
//   64: rules of 8293c55 with the handles, extensions and recurring days of b6b8a1b, 59/70 =
//       84.3 % (59, 54); a2654a1's rules score 60/70;
//   65: the same rules, 55/70 = 78.6 % (56, 49); a2654a1's rules 55/70;
//   62: the final rules of cf77ca9, 61/70 = 87.1 % (61, 57); a2654a1's rules 61/70;
//   63: the final rules, 60/70 = 85.7 % (59, 52); a2654a1's rules 58/70.
// Development data from then on; the floors are the blind scores less one row.
constexpr SetFloor kSixtiethSetFloors[] = {{0.25, 59.0 / 70}, {0.35, 59.0 / 70}, {0.0, 51.0 / 70}};
constexpr SetFloor kSixtyFirstSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 63.0 / 70}, {0.0, 55.0 / 70}};
constexpr SetFloor kSixtySecondSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 60.0 / 70}, {0.0, 56.0 / 70}};
constexpr SetFloor kSixtyThirdSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 58.0 / 70}, {0.0, 51.0 / 70}};
constexpr SetFloor kSixtyFourthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 58.0 / 70}, {0.0, 53.0 / 70}};
constexpr SetFloor kSixtyFifthSetFloors[] = {
    {0.25, 54.0 / 70}, {0.35, 55.0 / 70}, {0.0, 48.0 / 70}};

// Sets sixty-six to seventy-one (truth_heldout66.jsonl … truth_heldout71.jsonl, 70 rows each,
// 35 zh / 35 en, the usual seven families), each written blind by its own writer from a prompt
// written anew for the round (the usual families; "absent" allowed in past questions, which
// three writers used for the current value: 2, 4 and 10 rows of sets 67, 70 and 71). Lives:
// 66 温州眼镜厂采购, 西安中学物理老师, 重庆汽修技师, an Anchorage bush pilot, an Austin vet tech,
// a Belfast locksmith; 67 张家口风电场运维工程师, 义乌饰品档口老板娘, 三亚潜水教练, an Anchorage
// bush pilot, a Pittsburgh hospice social worker, a Halifax lobster fisherman; 68 重庆桥梁检测
// 工程师, 三亚潜水教练, 温州眼镜厂采购员, an Anchorage bush pilot, an Adelaide vet nurse, a
// Pittsburgh piano tuner; 69 温州眼镜店老板, 西安文物修复师, 重庆桥梁检测工程师, an Anchorage
// bush pilot, a Sydney vet nurse, an Austin piano tuner; 70 沈阳锅炉房师傅, 舟山渔船船长, 西双
// 版纳咖啡种植户, a Wellington radio producer, a Kansas wheat farmer, a Liverpool hairdresser;
// 71 桂林漓江竹筏导游, 东莞电子厂产线组长, 延边冷面店老板, a Reykjavik tour-bus driver, a Miami
// cruise-ship nurse, a Leeds bin-lorry driver. Each scored once at the default floor 0.25
// (2026-12-06):
//   66: rules of cbae732, 56/70 = 80.0 % with a harness that matched case exactly, 58/70 once
//       it matched ASCII letters in any case as the writers were told (58 at 0.35, 54 with no
//       floor);
//   67: rules of cbae732, 65/70 = 92.9 % (64, 55);
//   68: rules of 9b836be (mid-round), 57/70 = 81.4 % (57, 52); cbae732's rules 57/70;
//   69: the final rules of 1002802, 58/70 = 82.9 % (57, 50); cbae732's rules 57/70;
//   70: the final rules, 55/70 = 78.6 % (55, 49); cbae732's rules 55/70;
//   71: the final rules, 54/70 = 77.1 % (53, 43); cbae732's rules 52/70.
// Sets seventy-two and seventy-three, from the same prompt (72: 景德镇陶瓷窑厂老板, 乌鲁木齐出租车
// 司机, 宁波外贸跟单员, a Glasgow nightshift paramedic, a Vermont maple-syrup producer, a Sydney
// school music teacher; 73: 成都社区医院全科医生, 青海牧民合作社会计, 上海婚礼策划师, a Cork
// hurling coach who runs a pub, a Phoenix solar-panel installer, a Toronto subway operator),
// written while sets 66-71 were tuned on and scored once with the rules of 427eb11:
//   72: 61/70 = 87.1 % (58 at 0.35, 53 with no floor); cbae732's rules 61/70;
//   73: 58/70 = 82.9 % (57, 49); cbae732's rules 57/70.
// Development data from then on; the floors are the blind scores less one row.
constexpr SetFloor kSixtySixthSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 57.0 / 70}, {0.0, 53.0 / 70}};
constexpr SetFloor kSixtySeventhSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 63.0 / 70}, {0.0, 54.0 / 70}};
constexpr SetFloor kSixtyEighthSetFloors[] = {
    {0.25, 56.0 / 70}, {0.35, 56.0 / 70}, {0.0, 51.0 / 70}};
constexpr SetFloor kSixtyNinthSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 56.0 / 70}, {0.0, 49.0 / 70}};
constexpr SetFloor kSeventiethSetFloors[] = {
    {0.25, 54.0 / 70}, {0.35, 54.0 / 70}, {0.0, 48.0 / 70}};
constexpr SetFloor kSeventyFirstSetFloors[] = {
    {0.25, 53.0 / 70}, {0.35, 52.0 / 70}, {0.0, 42.0 / 70}};
constexpr SetFloor kSeventySecondSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 57.0 / 70}, {0.0, 52.0 / 70}};
constexpr SetFloor kSeventyThirdSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 56.0 / 70}, {0.0, 48.0 / 70}};
// Sets 74-76: the prompt of sets 66-73, six lives each (74: 哈尔滨的冰雕师傅, 苏州的评弹演员,
// 深圳华强北的手机维修店老板, a Cardiff rugby physio, a New Orleans brass-band trumpeter, a Perth
// mining-site cook; 75: 拉萨的藏式客栈老板, 义乌的小商品批发商, 武汉的大学辅导员, an Edinburgh
// festival stage manager, a Montana fly-fishing guide, a Singapore hawker-stall owner; 76:
// 大连的海参养殖户, 西安的兵马俑讲解员, 厦门的茶叶店店主, a Belfast taxi dispatcher, a Seattle
// night-shift pharmacist, a Cornwall surf-school owner), written while sets 66-73 were tuned on
// and scored once with the rules of d36cd2f:
//   74: 57/70 = 81.4 % (56 at 0.35, 51 with no floor); 7bab851's rules 57/70;
//   75: 60/70 = 85.7 % (59, 55); 7bab851's rules 52/70;
//   76: 59/70 = 84.3 % (59, 52); 7bab851's rules 59/70.
constexpr SetFloor kSeventyFourthSetFloors[] = {
    {0.25, 56.0 / 70}, {0.35, 55.0 / 70}, {0.0, 50.0 / 70}};
constexpr SetFloor kSeventyFifthSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 58.0 / 70}, {0.0, 54.0 / 70}};
constexpr SetFloor kSeventySixthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 58.0 / 70}, {0.0, 51.0 / 70}};
// Sets 77-79: the same prompt (77: 呼伦贝尔的草原民宿老板, 泉州的石雕厂会计, 贵阳的外卖骑手, a
// Dublin hospital porter, a Texas rodeo farrier, an Auckland school bus driver; 78: 洛阳的牡丹园
// 园艺师, 温州的眼镜厂老板娘, 南宁的中学物理老师, a Bristol hot-air balloon pilot, a Minnesota
// ice-fishing bait shop owner, a Vancouver film-set caterer; 79: 丽江的纳西族民宿管家, 佛山的陶瓷
// 销售经理, 石家庄的公交车调度员, a Manchester wedding DJ, an Ohio Amish-country furniture dealer,
// a Darwin crocodile-tour boat skipper), written while sets 66-76 were tuned on and scored once
// with the rules of 79b79da:
//   77: 57/70 = 81.4 % (57 at 0.35, 49 with no floor); 7bab851's rules 57, d36cd2f's 57;
//   78: 59/70 = 84.3 % (57, 50); 7bab851's rules 57, d36cd2f's 58;
//   79: 64/70 = 91.4 % (64, 58); 7bab851's rules 62, d36cd2f's 63.
constexpr SetFloor kSeventySeventhSetFloors[] = {
    {0.25, 56.0 / 70}, {0.35, 56.0 / 70}, {0.0, 48.0 / 70}};
constexpr SetFloor kSeventyEighthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 56.0 / 70}, {0.0, 49.0 / 70}};
constexpr SetFloor kSeventyNinthSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 63.0 / 70}, {0.0, 57.0 / 70}};
// Sets 80-85: the same prompt (80: 温州的鞋厂采购主管, 西宁的藏医药店店员, 大连的海参养殖户, a
// Glasgow bagpipe teacher, a Tucson solar-panel installer, a Perth mining camp cook; 81: 景德镇
// 的青年陶艺家, 哈尔滨的冰雕师傅, 南宁的物流园区保安队长, a Toronto hockey equipment manager, a
// Cornwall surf school owner, a Nashville session bassist; 82: 苏州的刺绣工作室老板娘, 兰州的牛肉
// 面馆店主, 深圳华强北的手机维修师傅, an Auckland rugby physio, a Maine lobster boat sternman, a
// Vancouver film-set electrician; 83: 贵阳的大数据中心运维工程师, 泉州的茶叶出口商, 呼和浩特的
// 马术俱乐部教练, a Dublin hospital night porter, a Texas rodeo clown, a Singapore hawker-stall
// noodle seller; 84: 洛阳的牡丹园园艺师, 珠海的游艇销售, 太原的煤矿安全员, a Montreal bagel
// baker, a Kenyan-born London bus driver, a Wisconsin cheese maker; 85: 拉萨的登山向导, 宁波的外贸
// 服装跟单员, 昆明的鲜花拍卖交易员, a Boston public-radio producer, a Queensland cane farmer, a
// Berlin-based British techno promoter), written while sets 74-79 were tuned on and scored once
// with the rules of b775a12 (in brackets: at 0.35, with no floor; then the rules of 42a3d2f, the
// round's start, at 0.25):
//   80: 62/70 = 88.6 % (62, 56); 61;   81: 59/70 = 84.3 % (58, 54); 59;
//   82: 55/70 = 78.6 % (55, 51); 54;   83: 63/70 = 90.0 % (63, 55); 63;
//   84: 59/70 = 84.3 % (59, 51); 57;   85: 66/70 = 94.3 % (66, 57); 64.
constexpr SetFloor kEightiethSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 61.0 / 70}, {0.0, 55.0 / 70}};
constexpr SetFloor kEightyFirstSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 57.0 / 70}, {0.0, 53.0 / 70}};
constexpr SetFloor kEightySecondSetFloors[] = {
    {0.25, 54.0 / 70}, {0.35, 54.0 / 70}, {0.0, 50.0 / 70}};
constexpr SetFloor kEightyThirdSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 62.0 / 70}, {0.0, 54.0 / 70}};
constexpr SetFloor kEightyFourthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 58.0 / 70}, {0.0, 50.0 / 70}};
constexpr SetFloor kEightyFifthSetFloors[] = {
    {0.25, 65.0 / 70}, {0.35, 65.0 / 70}, {0.0, 56.0 / 70}};
// Sets 86-91: the same prompt (86: 佛山的陶瓷砖经销商, 三亚的潜水教练, 齐齐哈尔的奶牛场场长, a
// Liverpool ferry deckhand, an Ohio high-school wrestling coach, a Cape Town wine-estate tour
// guide; 87: 义乌的小商品外贸老板, 延边的朝鲜族冷面店老板娘, 武汉的地铁调度员, a Yorkshire sheep
// shearer, a Miami cruise-ship bartender, a Calgary oil-rig medic; 88: 长沙的夜市小龙虾摊主, 嘉兴
// 的粽子厂质检员, 喀什的干果批发商, an Edinburgh festival stage manager, an Alaska bush pilot, a
// Brisbane veterinary nurse; 89: 天津的相声演员, 九江的鄱阳湖渔政员, 东莞的电子厂人事专员, a
// Denver ski-lift mechanic, a Belfast taxi driver, a Hawaii macadamia farm manager; 90: 扬州的修脚
// 师傅, 桂林的漓江竹筏船工, 西安的考古工地技工, a Seattle ferry engineer, a Welsh slate-quarry
// guide, a New Orleans brass-band trumpeter; 91: 潍坊的风筝作坊师傅, 丽江的民宿管家, 郑州的物流车队
// 调度, a Minneapolis snowplow driver, a Galway oyster farmer, a Phoenix hospice nurse), written
// while sets 1-85 were tuned on and scored once with the rules of 643cccd (in brackets: at 0.35,
// with no floor; then the rules of db927bf, the round's start, at 0.25):
//   86: 64/70 = 91.4 % (63, 58); 64;   87: 59/70 = 84.3 % (58, 54); 59;
//   88: 56/70 = 80.0 % (56, 51); 56;   89: 65/70 = 92.9 % (65, 56); 64;
//   90: 63/70 = 90.0 % (63, 54); 63;   91: 64/70 = 91.4 % (64, 57); 64.
constexpr SetFloor kEightySixthSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 62.0 / 70}, {0.0, 57.0 / 70}};
constexpr SetFloor kEightySeventhSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 57.0 / 70}, {0.0, 53.0 / 70}};
constexpr SetFloor kEightyEighthSetFloors[] = {
    {0.25, 55.0 / 70}, {0.35, 55.0 / 70}, {0.0, 50.0 / 70}};
constexpr SetFloor kEightyNinthSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 55.0 / 70}};
constexpr SetFloor kNinetiethSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 62.0 / 70}, {0.0, 53.0 / 70}};
constexpr SetFloor kNinetyFirstSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 63.0 / 70}, {0.0, 56.0 / 70}};
// Sets 92-97: the same prompt (92: 绍兴的黄酒酿造师傅, 青岛的海鲜排档老板, 兰州的牛肉面拉面师傅, a
// Glasgow bus mechanic, a Texas cattle-auction clerk, a Vancouver Island kayak guide; 93: 景德镇的
// 瓷器拉坯师傅, 宁波的港口集卡司机, 呼伦贝尔的草原民宿老板, a Cornish surf-school owner, a Chicago
// el-train conductor, an Auckland rugby physio; 94: 苏州的评弹演员, 惠州的电池厂工程师, 大理的咖啡
// 馆店主, a Boston harbour tugboat captain, a Kentucky bourbon-distillery tour guide, a Perth
// mine-site cook; 95: 合肥的中学物理老师, 泉州的茶叶店老板娘, 拉萨的藏式餐厅厨师, a Dublin pub
// landlord, a Vermont maple-syrup farmer, a Darwin crocodile-park keeper; 96: 南通的家纺网店客服,
// 贵阳的酸汤鱼店老板, 大连的造船厂焊工, a Manchester night-shift pharmacist, a Nashville session
// guitarist, a Tasmanian salmon-farm diver; 97: 洛阳的牡丹园园艺师, 珠海的游艇维修技师, 哈尔滨的冰
// 雕师傅, a Leeds hospital porter, an Oregon wildfire lookout, a Montreal bagel baker), written
// while sets 1-91 were tuned on and scored once with the rules of e68add1 (in brackets: at 0.35,
// with no floor; the rules of 8bb18f9, the round's start, miss the same rows at 0.25):
//   92: 63/70 = 90.0 % (63, 54);   93: 61/70 = 87.1 % (58, 53);   94: 65/70 = 92.9 % (65, 59);
//   95: 59/70 = 84.3 % (58, 53);   96: 60/70 = 85.7 % (60, 54);   97: 67/70 = 95.7 % (67, 58).
constexpr SetFloor kNinetySecondSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 62.0 / 70}, {0.0, 53.0 / 70}};
constexpr SetFloor kNinetyThirdSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 57.0 / 70}, {0.0, 52.0 / 70}};
constexpr SetFloor kNinetyFourthSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 58.0 / 70}};
constexpr SetFloor kNinetyFifthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 57.0 / 70}, {0.0, 52.0 / 70}};
constexpr SetFloor kNinetySixthSetFloors[] = {
    {0.25, 59.0 / 70}, {0.35, 59.0 / 70}, {0.0, 53.0 / 70}};
constexpr SetFloor kNinetySeventhSetFloors[] = {
    {0.25, 66.0 / 70}, {0.35, 66.0 / 70}, {0.0, 57.0 / 70}};
// Sets 98-109: the same prompt, written blind by twelve helpers (the six lives of each set
// are listed in tests/corpora/README.md). 98-103 were written while no rule changed and
// scored once with the rules of c9099e8; 104-109 were written while this round's rules
// were tuned on sets 1-103 and scored once with the rules of 62e6b53 (in brackets: at 0.35,
// with no floor):
//   98: 63/70 = 90.0 % (62, 57);   99: 65/70 = 92.9 % (65, 55);   100: 58/70 = 82.9 % (57, 54).
//   101: 63/70 = 90.0 % (63, 57);   102: 59/70 = 84.3 % (60, 53);   103: 60/70 = 85.7 % (60, 52).
//   104: 62/70 = 88.6 % (62, 55);   105: 59/70 = 84.3 % (58, 51);   106: 64/70 = 91.4 % (63, 55).
//   107: 61/70 = 87.1 % (59, 52);   108: 61/70 = 87.1 % (60, 57);   109: 59/70 = 84.3 % (59, 50).
// Floors: the score of the rules of 62e6b53 less one row.
constexpr SetFloor kNinetyEighthSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 61.0 / 70}, {0.0, 56.0 / 70}};
constexpr SetFloor kNinetyNinthSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 54.0 / 70}};
constexpr SetFloor kHundredthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 57.0 / 70}, {0.0, 53.0 / 70}};
constexpr SetFloor kHundredFirstSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 62.0 / 70}, {0.0, 56.0 / 70}};
constexpr SetFloor kHundredSecondSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 59.0 / 70}, {0.0, 52.0 / 70}};
constexpr SetFloor kHundredThirdSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 60.0 / 70}, {0.0, 51.0 / 70}};
constexpr SetFloor kHundredFourthSetFloors[] = {
    {0.25, 61.0 / 70}, {0.35, 61.0 / 70}, {0.0, 54.0 / 70}};
constexpr SetFloor kHundredFifthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 57.0 / 70}, {0.0, 50.0 / 70}};
constexpr SetFloor kHundredSixthSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 62.0 / 70}, {0.0, 54.0 / 70}};
constexpr SetFloor kHundredSeventhSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 58.0 / 70}, {0.0, 51.0 / 70}};
constexpr SetFloor kHundredEighthSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 59.0 / 70}, {0.0, 56.0 / 70}};
constexpr SetFloor kHundredNinthSetFloors[] = {
    {0.25, 58.0 / 70}, {0.35, 58.0 / 70}, {0.0, 49.0 / 70}};
// Sets 110-115: the same prompt (lives in tests/corpora/README.md), written while the rules of
// b9f07eb were tuned on sets 1-109 and scored once with them (in brackets: at 0.35, with no
// floor; the rules of c9099e8 and of 62e6b53 score 372 and 371 of the 420 rows at 0.25):
//   110: 57/70 = 81.4 % (57, 53);   111: 63/70 = 90.0 % (64, 56);   112: 64/70 = 91.4 % (64, 55).
//   113: 64/70 = 91.4 % (64, 58);   114: 63/70 = 90.0 % (62, 55);   115: 61/70 = 87.1 % (62, 53).
// Floors: the score of the rules that followed less one row.
constexpr SetFloor kHundredTenthSetFloors[] = {
    {0.25, 57.0 / 70}, {0.35, 57.0 / 70}, {0.0, 52.0 / 70}};
constexpr SetFloor kHundredEleventhSetFloors[] = {
    {0.25, 62.0 / 70}, {0.35, 63.0 / 70}, {0.0, 55.0 / 70}};
constexpr SetFloor kHundredTwelfthSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 63.0 / 70}, {0.0, 54.0 / 70}};
constexpr SetFloor kHundredThirteenthSetFloors[] = {
    {0.25, 64.0 / 70}, {0.35, 64.0 / 70}, {0.0, 57.0 / 70}};
constexpr SetFloor kHundredFourteenthSetFloors[] = {
    {0.25, 63.0 / 70}, {0.35, 62.0 / 70}, {0.0, 54.0 / 70}};
constexpr SetFloor kHundredFifteenthSetFloors[] = {
    {0.25, 60.0 / 70}, {0.35, 61.0 / 70}, {0.0, 52.0 / 70}};

// ASCII letters in lower case: the writers were told that expectations match case-insensitively
// ("northern air" is said by "Northern Air Maintenance").
std::string AsciiLower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Whether a memory's content says `part`, as stored: content is kept in its canonical form
// (text::Normalize: NFKC, so "记住：" is stored as "记住:"), and so is read the expectation,
// ignoring the case of ASCII letters.
bool Contains(const std::string& text, const std::string& part) {
  return AsciiLower(text).find(AsciiLower(text::Normalize(part))) != std::string::npos;
}

// Whether the recall answers the row as expected; `why` says how it does not.
bool Check(const json& expect, const std::vector<RecallHit>& hits, std::string* why) {
  if (expect.value("none", false) && !hits.empty()) {
    *why = "expected no hit, got '" + hits[0].memory.content + "'";
    return false;
  }
  if (expect.contains("first")) {
    const std::string first = expect["first"];
    if (hits.empty() || !Contains(hits[0].memory.content, first)) {
      *why = "first hit lacks '" + first + "': " + (hits.empty() ? "(none)" : hits[0].memory.content);
      return false;
    }
  }
  const json absent = expect.value("absent", json::array());
  for (const auto& a : absent) {
    for (const RecallHit& h : hits) {
      if (Contains(h.memory.content, a.get<std::string>())) {
        *why = "'" + a.get<std::string>() + "' came back: " + h.memory.content;
        return false;
      }
    }
  }
  const json counts = expect.value("count", json::object());
  for (const auto& [part, n] : counts.items()) {
    int found = 0;
    for (const RecallHit& h : hits) found += Contains(h.memory.content, part);
    if (found != n.get<int>()) {
      *why = "'" + part + "' in " + std::to_string(found) + " hits, expected " +
             std::to_string(n.get<int>());
      return false;
    }
  }
  return true;
}

struct Score {
  int passed = 0;
  int total = 0;
};

// Every hit of `q` at floor 0, with its relevance, state and vector cosine (ENGRAM_TRUTH_DEBUG:
// set, for each miss; "all", for every row).
void DebugHits(Engine& engine, const RecallRequest& q, std::string* out) {
  RecallRequest q2 = q;
  q2.min_relevance = 0;
  auto all = engine.Recall(q2);
  for (const RecallHit& h : all.ok() ? all->hits : std::vector<RecallHit>{}) {
    auto v = h.channels.find("vector");
    const std::string cosine = v == h.channels.end() ? "-" : std::to_string(v->second.score).substr(0, 5);
    *out += "      " + std::to_string(h.relevance).substr(0, 5) + " " + cosine + " " + h.state +
            " " + h.memory.content + "\n";
  }
}

// Runs every row of `path` on a fresh engine (e5, default options), asking each question once
// per floor of `min_relevance` (a request's own floor), and prints the misses and the
// per-family counts of each floor. Scores come back in the order of `min_relevance`.
std::vector<Score> ScorePath(const std::string& path, const std::vector<double>& min_relevance) {
  std::vector<Score> scores(min_relevance.size());
  std::ifstream in(path);
  EXPECT_TRUE(in) << path << " is missing";
  testing::TempDir dir;
  testing::FakeClock clock;
  Options o;
  o.db_path = dir.File("truth.db");
  o.clock = &clock;
  o.default_offset_minutes = 480;
  auto engine = Engine::Open(o);
  EXPECT_TRUE(engine.ok()) << engine.status().ToString();
  if (!engine.ok()) return scores;
  const Instant now{clock.NowMicros() / 1000, clock.LocalOffsetMinutes()};
  // per floor: family -> (passed, total), and the misses in file order
  std::vector<std::map<std::string, std::pair<int, int>>> by_family(min_relevance.size());
  std::vector<std::string> misses(min_relevance.size());
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const json row = json::parse(line);
    const std::string id = row.at("id");
    Principal p;
    p.user_id = "truth-" + id;
    for (const json& turn : row.at("turns")) {
      RememberRequest r;
      r.principal = p;
      r.text = turn.at("text");
      const double days = turn.value("days_ago", 0.0);
      r.at = Instant{now.unix_ms - static_cast<int64_t>(days * 86400000.0), now.offset_minutes};
      auto w = (*engine)->Remember(r);
      EXPECT_TRUE(w.ok()) << id << ": " << w.status().ToString();
    }
    for (size_t f = 0; f < min_relevance.size(); ++f) {
      RecallRequest q;
      q.principal = p;
      q.query = row.at("query");
      q.at = now;
      q.min_relevance = min_relevance[f];
      auto hits = (*engine)->Recall(q);
      EXPECT_TRUE(hits.ok()) << id << ": " << hits.status().ToString();
      if (!hits.ok()) continue;
      std::string why;
      const bool ok = Check(row.at("expect"), hits->hits, &why);
      auto& [fp, ft] = by_family[f][row.value("family", "?")];
      ++ft;
      ++scores[f].total;
      const char* debug = std::getenv("ENGRAM_TRUTH_DEBUG");
      if (ok && debug != nullptr && std::string_view(debug) == "all") {
        misses[f] += "  pass " + id + " (" + row.value("family", "?") + ")\n";
        DebugHits(**engine, q, &misses[f]);
      }
      if (ok) {
        ++fp;
        ++scores[f].passed;
      } else {
        misses[f] += "  miss " + id + " (" + row.value("family", "?") + "): " + why + "\n";
        if (debug != nullptr) DebugHits(**engine, q, &misses[f]);
      }
    }
  }
  for (size_t f = 0; f < min_relevance.size(); ++f) {
    std::cout << misses[f];
    for (const auto& [family, pt] : by_family[f]) {
      std::cout << "  " << family << ": " << pt.first << "/" << pt.second << "\n";
    }
    std::cout << path.substr(path.rfind('/') + 1) << " at min_relevance " << min_relevance[f]
              << ": " << scores[f].passed << "/" << scores[f].total << " = "
              << 100.0 * scores[f].passed / std::max(scores[f].total, 1) << "%\n";
  }
  return scores;
}

std::string CorpusPath(const std::string& file) {
  const char* root = std::getenv("ENGRAM_SOURCE_DIR");
  EXPECT_NE(root, nullptr);
  return std::string(root == nullptr ? "." : root) + "/tests/corpora/" + file;
}

// Each floor of `floors` must be reached at its min_relevance.
template <size_t N>
void ExpectFloors(const std::string& file, const SetFloor (&floors)[N]) {
  std::vector<double> levels;
  for (const SetFloor& f : floors) levels.push_back(f.min_relevance);
  const std::vector<Score> scores = ScorePath(CorpusPath(file), levels);
  for (size_t i = 0; i < N; ++i) {
    ASSERT_GT(scores[i].total, 0) << file;
    EXPECT_GE(static_cast<double>(scores[i].passed) / scores[i].total, floors[i].score)
        << file << " at min_relevance " << floors[i].min_relevance;
  }
}

TEST(TruthHeldOutTest, ScoreOnFirstSet) { ExpectFloors("truth_heldout.jsonl", kFirstSetFloors); }

TEST(TruthHeldOutTest, ScoreOnSecondSet) { ExpectFloors("truth_heldout2.jsonl", kSecondSetFloors); }

TEST(TruthHeldOutTest, ScoreOnThirdSet) { ExpectFloors("truth_heldout3.jsonl", kThirdSetFloors); }

TEST(TruthHeldOutTest, ScoreOnFourthSet) { ExpectFloors("truth_heldout4.jsonl", kFourthSetFloors); }

TEST(TruthHeldOutTest, ScoreOnFifthSet) { ExpectFloors("truth_heldout5.jsonl", kFifthSetFloors); }

TEST(TruthHeldOutTest, ScoreOnSixthSet) { ExpectFloors("truth_heldout6.jsonl", kSixthSetFloors); }

TEST(TruthHeldOutTest, ScoreOnSeventhSet) {
  ExpectFloors("truth_heldout7.jsonl", kSeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEighthSet) { ExpectFloors("truth_heldout8.jsonl", kEighthSetFloors); }

TEST(TruthHeldOutTest, ScoreOnNinthSet) { ExpectFloors("truth_heldout9.jsonl", kNinthSetFloors); }

TEST(TruthHeldOutTest, ScoreOnTenthSet) { ExpectFloors("truth_heldout10.jsonl", kTenthSetFloors); }

TEST(TruthHeldOutTest, ScoreOnEleventhSet) {
  ExpectFloors("truth_heldout11.jsonl", kEleventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwelfthSet) {
  ExpectFloors("truth_heldout12.jsonl", kTwelfthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirteenthSet) {
  ExpectFloors("truth_heldout13.jsonl", kThirteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFourteenthSet) {
  ExpectFloors("truth_heldout14.jsonl", kFourteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFifteenthSet) {
  ExpectFloors("truth_heldout15.jsonl", kFifteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixteenthSet) {
  ExpectFloors("truth_heldout16.jsonl", kSixteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventeenthSet) {
  ExpectFloors("truth_heldout17.jsonl", kSeventeenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEighteenthSet) {
  ExpectFloors("truth_heldout18.jsonl", kEighteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNineteenthSet) {
  ExpectFloors("truth_heldout19.jsonl", kNineteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentiethSet) {
  ExpectFloors("truth_heldout20.jsonl", kTwentiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentyFirstSet) {
  ExpectFloors("truth_heldout21.jsonl", kTwentyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentySecondSet) {
  ExpectFloors("truth_heldout22.jsonl", kTwentySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentyThirdSet) {
  ExpectFloors("truth_heldout23.jsonl", kTwentyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentyFourthSet) {
  ExpectFloors("truth_heldout24.jsonl", kTwentyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentyFifthSet) {
  ExpectFloors("truth_heldout25.jsonl", kTwentyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentySixthSet) {
  ExpectFloors("truth_heldout26.jsonl", kTwentySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentySeventhSet) {
  ExpectFloors("truth_heldout27.jsonl", kTwentySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentyEighthSet) {
  ExpectFloors("truth_heldout28.jsonl", kTwentyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnTwentyNinthSet) {
  ExpectFloors("truth_heldout29.jsonl", kTwentyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtiethSet) {
  ExpectFloors("truth_heldout30.jsonl", kThirtiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtyFirstSet) {
  ExpectFloors("truth_heldout31.jsonl", kThirtyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtySecondSet) {
  ExpectFloors("truth_heldout32.jsonl", kThirtySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtyThirdSet) {
  ExpectFloors("truth_heldout33.jsonl", kThirtyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtyFourthSet) {
  ExpectFloors("truth_heldout34.jsonl", kThirtyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtyFifthSet) {
  ExpectFloors("truth_heldout35.jsonl", kThirtyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtySixthSet) {
  ExpectFloors("truth_heldout36.jsonl", kThirtySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtySeventhSet) {
  ExpectFloors("truth_heldout37.jsonl", kThirtySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtyEighthSet) {
  ExpectFloors("truth_heldout38.jsonl", kThirtyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnThirtyNinthSet) {
  ExpectFloors("truth_heldout39.jsonl", kThirtyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortiethSet) {
  ExpectFloors("truth_heldout40.jsonl", kFortiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortyFirstSet) {
  ExpectFloors("truth_heldout41.jsonl", kFortyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortySecondSet) {
  ExpectFloors("truth_heldout42.jsonl", kFortySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortyThirdSet) {
  ExpectFloors("truth_heldout43.jsonl", kFortyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortyFourthSet) {
  ExpectFloors("truth_heldout44.jsonl", kFortyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortyFifthSet) {
  ExpectFloors("truth_heldout45.jsonl", kFortyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortySixthSet) {
  ExpectFloors("truth_heldout46.jsonl", kFortySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortySeventhSet) {
  ExpectFloors("truth_heldout47.jsonl", kFortySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortyEighthSet) {
  ExpectFloors("truth_heldout48.jsonl", kFortyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFortyNinthSet) {
  ExpectFloors("truth_heldout49.jsonl", kFortyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftiethSet) {
  ExpectFloors("truth_heldout50.jsonl", kFiftiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftyFirstSet) {
  ExpectFloors("truth_heldout51.jsonl", kFiftyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftySecondSet) {
  ExpectFloors("truth_heldout52.jsonl", kFiftySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftyThirdSet) {
  ExpectFloors("truth_heldout53.jsonl", kFiftyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftyFourthSet) {
  ExpectFloors("truth_heldout54.jsonl", kFiftyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftyFifthSet) {
  ExpectFloors("truth_heldout55.jsonl", kFiftyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftySixthSet) {
  ExpectFloors("truth_heldout56.jsonl", kFiftySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftySeventhSet) {
  ExpectFloors("truth_heldout57.jsonl", kFiftySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftyEighthSet) {
  ExpectFloors("truth_heldout58.jsonl", kFiftyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnFiftyNinthSet) {
  ExpectFloors("truth_heldout59.jsonl", kFiftyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtiethSet) {
  ExpectFloors("truth_heldout60.jsonl", kSixtiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtyFirstSet) {
  ExpectFloors("truth_heldout61.jsonl", kSixtyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtySecondSet) {
  ExpectFloors("truth_heldout62.jsonl", kSixtySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtyThirdSet) {
  ExpectFloors("truth_heldout63.jsonl", kSixtyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtyFourthSet) {
  ExpectFloors("truth_heldout64.jsonl", kSixtyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtyFifthSet) {
  ExpectFloors("truth_heldout65.jsonl", kSixtyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtySixthSet) {
  ExpectFloors("truth_heldout66.jsonl", kSixtySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtySeventhSet) {
  ExpectFloors("truth_heldout67.jsonl", kSixtySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtyEighthSet) {
  ExpectFloors("truth_heldout68.jsonl", kSixtyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSixtyNinthSet) {
  ExpectFloors("truth_heldout69.jsonl", kSixtyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventiethSet) {
  ExpectFloors("truth_heldout70.jsonl", kSeventiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventyFirstSet) {
  ExpectFloors("truth_heldout71.jsonl", kSeventyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventySecondSet) {
  ExpectFloors("truth_heldout72.jsonl", kSeventySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventyThirdSet) {
  ExpectFloors("truth_heldout73.jsonl", kSeventyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventyFourthSet) {
  ExpectFloors("truth_heldout74.jsonl", kSeventyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventyFifthSet) {
  ExpectFloors("truth_heldout75.jsonl", kSeventyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventySixthSet) {
  ExpectFloors("truth_heldout76.jsonl", kSeventySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventySeventhSet) {
  ExpectFloors("truth_heldout77.jsonl", kSeventySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventyEighthSet) {
  ExpectFloors("truth_heldout78.jsonl", kSeventyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnSeventyNinthSet) {
  ExpectFloors("truth_heldout79.jsonl", kSeventyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightiethSet) {
  ExpectFloors("truth_heldout80.jsonl", kEightiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightyFirstSet) {
  ExpectFloors("truth_heldout81.jsonl", kEightyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightySecondSet) {
  ExpectFloors("truth_heldout82.jsonl", kEightySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightyThirdSet) {
  ExpectFloors("truth_heldout83.jsonl", kEightyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightyFourthSet) {
  ExpectFloors("truth_heldout84.jsonl", kEightyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightyFifthSet) {
  ExpectFloors("truth_heldout85.jsonl", kEightyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightySixthSet) {
  ExpectFloors("truth_heldout86.jsonl", kEightySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightySeventhSet) {
  ExpectFloors("truth_heldout87.jsonl", kEightySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightyEighthSet) {
  ExpectFloors("truth_heldout88.jsonl", kEightyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnEightyNinthSet) {
  ExpectFloors("truth_heldout89.jsonl", kEightyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetiethSet) {
  ExpectFloors("truth_heldout90.jsonl", kNinetiethSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetyFirstSet) {
  ExpectFloors("truth_heldout91.jsonl", kNinetyFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetySecondSet) {
  ExpectFloors("truth_heldout92.jsonl", kNinetySecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetyThirdSet) {
  ExpectFloors("truth_heldout93.jsonl", kNinetyThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetyFourthSet) {
  ExpectFloors("truth_heldout94.jsonl", kNinetyFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetyFifthSet) {
  ExpectFloors("truth_heldout95.jsonl", kNinetyFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetySixthSet) {
  ExpectFloors("truth_heldout96.jsonl", kNinetySixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetySeventhSet) {
  ExpectFloors("truth_heldout97.jsonl", kNinetySeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetyEighthSet) {
  ExpectFloors("truth_heldout98.jsonl", kNinetyEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnNinetyNinthSet) {
  ExpectFloors("truth_heldout99.jsonl", kNinetyNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredthSet) {
  ExpectFloors("truth_heldout100.jsonl", kHundredthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredFirstSet) {
  ExpectFloors("truth_heldout101.jsonl", kHundredFirstSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredSecondSet) {
  ExpectFloors("truth_heldout102.jsonl", kHundredSecondSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredThirdSet) {
  ExpectFloors("truth_heldout103.jsonl", kHundredThirdSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredFourthSet) {
  ExpectFloors("truth_heldout104.jsonl", kHundredFourthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredFifthSet) {
  ExpectFloors("truth_heldout105.jsonl", kHundredFifthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredSixthSet) {
  ExpectFloors("truth_heldout106.jsonl", kHundredSixthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredSeventhSet) {
  ExpectFloors("truth_heldout107.jsonl", kHundredSeventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredEighthSet) {
  ExpectFloors("truth_heldout108.jsonl", kHundredEighthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredNinthSet) {
  ExpectFloors("truth_heldout109.jsonl", kHundredNinthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredTenthSet) {
  ExpectFloors("truth_heldout110.jsonl", kHundredTenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredEleventhSet) {
  ExpectFloors("truth_heldout111.jsonl", kHundredEleventhSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredTwelfthSet) {
  ExpectFloors("truth_heldout112.jsonl", kHundredTwelfthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredThirteenthSet) {
  ExpectFloors("truth_heldout113.jsonl", kHundredThirteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredFourteenthSet) {
  ExpectFloors("truth_heldout114.jsonl", kHundredFourteenthSetFloors);
}

TEST(TruthHeldOutTest, ScoreOnHundredFifteenthSet) {
  ExpectFloors("truth_heldout115.jsonl", kHundredFifteenthSetFloors);
}

// A set written blind and not yet scored: `ENGRAM_TRUTH_BLIND=/abs/file.jsonl` scores it once
// at the default floor, 0.35 and 0 (prints only; no floor until it has been scored).
TEST(TruthHeldOutTest, ScoreBlindSetGiven) {
  const char* blind = std::getenv("ENGRAM_TRUTH_BLIND");
  if (blind == nullptr) GTEST_SKIP() << "ENGRAM_TRUTH_BLIND not set";
  const std::vector<Score> s = ScorePath(blind, {Options{}.min_relevance, 0.35, 0.0});
  EXPECT_GT(s[0].total, 0);
}

}  // namespace
}  // namespace engram
