kibitz-save: 1
game: tictactoe
options: {}
seat 1: human
seat 2: ai level=Casual
start: --------- X
moves: 0
