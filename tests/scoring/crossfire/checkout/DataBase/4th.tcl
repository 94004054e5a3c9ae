set CrossFire::cardDataBase {
    {Fourth Edition}
    {4th 457 +3 2 7 0 {Axe of the Dwarvish Lords} {The Axe can be attached to any champion. In addition to the listed bonus, the Axe also gives the attached champion a +8 ally.} C {} {32 33} {} 1}
    {4th 520 +10 2 8 0 {The Winner's Cape} {This mighty artifact is the Grand Prize in the 1996 World Championship at the GenCon Game Fair. All of this player's champions are immune to offensive spells (including Wish) and the attached is also immune to harmful events. This artifact can be used by any champion.} VR {} {32 33} {} 1}
}
