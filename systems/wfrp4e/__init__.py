"""WFRP 4e as written (seed 002_47eadea1ed3732a0.txt), with the table's house rules as toggles
(seed 000_5bd3882374cebcd3.txt): everything this system's rules add to the generic tracker."""
