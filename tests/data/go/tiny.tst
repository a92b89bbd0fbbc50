# Hand-written regression file for `yomi go regress`: exercises the .tst
# syntax (negation, '*', '&', comments between a test and its expectation,
# loadsgf relative to this folder). Every answer is a plain board fact.
boardsize 9
clear_board
play black E5
play white E6

# E5 has liberties D5, F5, E4.
1 countlib E5
#? [3]

# Negated pattern: passes because the answer is not 4.
2 countlib E5
#? [!4]

# Marked '*' (GNU Go fails it) and wrong: counted as a failure.
3 countlib E5
#? [5]*

# Marked '*' and right: counted as a pass.
4 countlib E6
#? [3]*

# A comment between the test and its expectation
# does not detach the expectation.
5 is_legal white E5
#? [0]

# '&': the result is ignored, neither pass nor fail.
6 countlib E5
#? [9]&

7 findlib E5
#? [(D5|F5|E4) (D5|F5|E4) (D5|F5|E4)]

# An error reply (empty vertex) never passes.
8 countlib A1
#? [.*]

# Anchored as ^3|7$ without grouping, as GNU Go does: "3" matches the first branch.
9 countlib E5
#? [3|7]

# The position after move 2 of tiny.sgf: black C3, white D4; black to move.
loadsgf tiny.sgf 3
10 countlib C3
#? [4]
11 is_legal black E5
#? [1]
12 countlib D4
#? [4]

# loadsgf answers the colour to move: move 4 of tiny.sgf is white's.
13 loadsgf tiny.sgf 4
#? [white]
