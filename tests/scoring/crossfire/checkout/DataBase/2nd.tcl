set CrossFire::cardDataBase {
    {Second Edition}
    {2nd  53 3 7 1 0 Adventurers! {Can use cleric and wizard spells.} C {} {1 32 33} {1 2 d4 o4 d9 o9 d18 o18 d19 o19} 1}
    {2nd  56 4 7 1 0 Adventurers {All allies of these adventurers gain 1 level.} C {} {1 32 33} {1 2 d9 o9 d18 o18} 1}
    {2nd  68 {} 0 0 0 {(no card)} {Replaced by 1st/402.} NA {} {} {} 1}
}
