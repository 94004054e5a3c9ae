set CrossFire::cardDataBase {
    {First Edition}
    {1st   1 {} 13 1 0 Waterdeep {Any champion can use wizard spells when defending Waterdeep.} M Coast. {5 31} {d19 o19} 1}
    {1st   7 2 13 1 0 {Moonshae Isles} {The Moonshaes can defend themselves as a level 2 hero. All defending allies gain 3 levels.} M Coast. {5 31} {1 d18 o18} 1}
    {1st  45 8 7 1 0 {Drizzt Do' Urden} {When defending, Drizzt must be defeated twice in one battle before he is discarded.} C {Elf (drow).} {10 14 32 33} {1 2 d9 o9 d18 o18} 1}
    {1st  53 3 7 1 0 Adventurers! {Can use cleric and wizard spells.} C {} {1 32 33} {1 2 d4 o4 d9 o9 d18 o18 d19 o19} 1}
    {1st  56 4 7 1 0 Adventurers {All allies of these adventurers gain 1 level.} C {} {1 32 33} {1 2 d9 o9 d18 o18} 1}
    {1st  93 {} 2 1 0 {Rod of Shapechange} {Select any champion from the discard pile and use it in battle in place of this champion. After winning the battle, this champion and artifact return to the pool; the substitute is discarded.} UC {} {32 33} {} 1}
    {1st  97 +2 9 0 0 Flameblade (Off) R Sword. {27 38 44 32 33} {} 1}
    {1st 437 {} 19 0 0 {Estate Transference} {This spell places a realm and any attached holding in the Abyss. If spell-turned or reflected, the caster of this spell is placed in the Abyss. This player can make no attacks this turn. Limit one per deck. (Off/3)} VR {} {27 32} {} 1}
    {1st 441 6 7 7 0 Sakornia {Sakornia gains 3 additional levels when using an artifact.} VR {} {32 33} {1 2 d9 o9 d18 o18} 1}
}
