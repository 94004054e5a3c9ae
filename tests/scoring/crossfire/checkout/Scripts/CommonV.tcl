# CommonV.tcl 20051229
#
# This file defines the main data structures for card sets and types.
#
# Copyright (c) 1998-2005 Dan Curtiss. All rights reserved.
#
# This program is free software; you can redistribute it and/or modify
# it under the terms of the GNU General Public License as published by
# the Free Software Foundation; either version 2 of the License, or
# (at your option) any later version.
#
# This program is distributed in the hope that it will be useful,
# but WITHOUT ANY WARRANTY; without even the implied warranty of
# MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
# GNU General Public License for more details.
#
# You should have received a copy of the GNU General Public License
# along with this program; if not, write to the Free Software
# Foundation, Inc., 59 Temple Place, Suite 330, Boston, MA  02111-1307  USA
#

namespace eval CrossFire {

    # cardSetInfo stores information on all the card sets.
    #
    # The format for each card set is:
    #   class
    #   {Set ID}
    #   name      {Set_Name}
    #   numLimits {Num_Limit [Num_Limit ...]}
    #   chaseQty  {Chase_Qty}
    #   tclFile   {Tcl file for the card set.}
    #   sfdbID    {SF DB 2.x identifier}
    #
    set cardSetInfo {
        {all  All {All Card Sets}        0            0 na      na}
        {ed   NO  {No Edition}         400            0 NO.tcl  NoEdition}
        {ed   1st {1st Edition}        {400 420 440} 25 1st.tcl 1stEdition}
        {ed   2nd {2nd Edition}        {400 420}      0 2nd.tcl 2ndEdition}
        {ed   3rd {3rd Edition}        400            0 3rd.tcl 3rdEdition}
        {ed   4th {4th Edition}        {500 520}      0 4th.tcl 4thEdition}
        {bost PR  Promo                  3            0 PR.tcl  Promotional}
        {bost RL  Ravenloft            100            0 RL.tcl  Ravenloft}
        {bost DL  DragonLance          100           25 DL.tcl  DragonLance}
        {bost FR  {Forgotten Realms}   100           25 FR.tcl  ForgottenRealms}
        {bost AR  Artifacts            100           20 AR.tcl  Artifacts}
        {bost PO  Powers               100           20 PO.tcl  Powers}
        {bost UD  {The Underdark}      100           25 UD.tcl  UnderDark}
        {bost RR  {Runes & Ruins}      100           25 RR.tcl  Runes&Ruins}
        {bost BR  Birthright           100           25 BR.tcl  Birthright}
        {bost DR  Draconomicon         100           25 DR.tcl  Draconomicon}
        {bost NS  {Night Stalkers}     100           25 NS.tcl  NightStalkers}
        {bost DU  Dungeons             100           25 DU.tcl  Dungeons}
        {stik IQ  Inquisition           99            0 IQ.tcl  na {Spellfire Community}}
        {stik MI  Millennium            99            0 MI.tcl  na {Spellfire Community}}
        {stik CH  Chaos                 72            0 CH.tcl  na {Spellfire Community}}
        {stik CQ  Conquest              81            0 CQ.tcl  na {Spellfire Community}}
        {intl FRN {French Edition}     400           25 FRN.tcl na}
        {intl DE  {German Edition}     400           25 DE.tcl  na}
        {intl IT  {Italian Edition}    400           25 IT.tcl  na}
        {intl POR {Portuguese Edition} 400           25 POR.tcl na}
        {intl SP  {Spanish Edition}    400           25 SP.tcl  na}
    }


    # worldInfo holds all the information on the various worlds.
    #
    # The format for each world is:
    #   {Card set type} := [base | fan]
    #   {ID}
    #   {Name}
    #   {Image Name}
    #   {Image Filename}
    #   {Abbreviation}
    #
    set worldInfo {
        {base 0 None               NoWorld         worldad2.gif {}}
        {base 7 {AD&D}             ADD             worldadd.gif AD&D}
        {base 6 Birthright         Birthright      worldbr.gif  BR}
        {base 4 {Dark Sun}         DarkSun         worldds.gif  DS}
        {base 5 DragonLance        DragonLance     worlddl.gif  DL}
        {base 1 {Forgotten Realms} ForgottenRealms worldfr.gif  FR}
        {base 2 Greyhawk           Greyhawk        worldgh.gif  GH}
        {base 3 Ravenloft          Ravenloft       worldrl.gif  RL}
        {base 8 TSR                TSR             null         TSR}
	{base 9 {No World}         Blank           worldnon.gif {}}
    }


    # cardTypeInfo
    #
    # The format for each card type is:
    #   {Numeric ID}
    #   {Type Name}
    #   {Champion Boolean}
    #   {Usable Flag}
    #   {Icon name, Limit name}
    #   {Icon file name}
    #
    set cardTypeInfo {
        {0   {All Cards}      0 0 All            nocard.gif}
        {1   Ally             0 1 Ally           ally.gif}
        {2   Artifact         0 1 Artifact       artifact.gif} 
        {3   {Blood Ability}  0 2 Blood_Ability  bability.gif}
        {5   Cleric           1 0 Cleric         cleric.gif}
        {4   {Cleric Spell}   0 2 Cleric_Spell   cspell.gif}
        {21  Dungeon          0 0 Dungeon        dungeon.gif}
        {6   Event            0 0 Event          event.gif}
        {7   Hero             1 0 Hero           hero.gif}
        {8   Holding          0 0 Holding        holding.gif}
        {9   {Magical Item}   0 2 Magical_Item   magicitm.gif}
        {10  Monster          1 0 Monster        monster.gif}
        {12  Psionicist       1 0 Psionicist     psionic.gif}
        {11  {Psionic Power}  0 2 Psionic_Power  ppower.gif}
        {13  Realm            0 0 Realm          realm.gif}
        {14  Regent           1 0 Regent         regent.gif}
        {15  Rule             0 0 Rule           rule.gif}
        {16  Thief            1 0 Thief          thief.gif}
        {17  {Thief Ability}  0 2 Thief_Ability  tability.gif}
        {18  {Unarmed Combat} 0 2 Unarmed_Combat ucombat.gif}
        {20  Wizard           1 0 Wizard         wizard.gif}
        {19  {Wizard Spell}   0 2 Wizard_Spell   wspell.gif}
        {99  Champions        0 0 Champions      null}
        {100 Chase            0 0 Chase          null}
        {200 {Total Levels}   0 0 Levels         null}
    }

    variable cardTypeXRef
    variable cardTypeIDList
    variable championList "" ;# List of IDs for all champion types.

    # List of IDs that are usable by other cards
    variable usableCards
    foreach {id name} {
        101 {Dragon Unarmed Combat}
        102 {Undead Unarmed Combat}
    } {
        set nameD "$name, Def"
        set nameO "$name, Off"
        set usableCards(ID,$nameD) d$id
        set usableCards(ID,$nameO) o$id
        set usableCards(uses,d$id) $nameD
        set usableCards(uses,o$id) $nameO
        lappend usableCards(list) $nameD
        lappend usableCards(list) $nameO
    }


    # cardFrequency
    #
    # List of card frequencies. Format:
    #  {ID  PV Name}
    #
    variable cardFrequency {
        M    1 Realm
        C    1 Common
        UC   2 Uncommon
        R    4 Rare
        VR  24 {Very Rare}
        S   25 Special
        V    0 Virtual
    }


    # Various card attributes. Mainly used by Ultra Searcher.
    variable cardAttributes
    foreach {id attr} {
        1 Adventurer
        2 Awnshegh
        3 Beholder
        4 {Black Wizard}
        5 Coastal
        6 Defensive
        7 Draconian
        8 Dragon
        9 {Dragon Unarmed Combat}
        10 Drow
        11 Duergar
        12 Dwarf
        13 Earthwalker
        14 Elf
        15 Familiar
        16 Flyer
        17 Giant
        18 Gnome
	19 Golem
        20 Half-Elf
        21 Halfling
        22 Harmful
        23 Helpful
        24 Kender
        25 Kobold
        26 Mul
        27 Offensive
        28 Orc
	29 {Phase 0}
	30 {Phase 1}
	31 {Phase 2}
	32 {Phase 3}
	33 {Phase 4}
	34 {Phase 5}
        35 {Red Wizard}
        36 Spear
        37 Swimmer
        38 Sword
        39 Svirfneblin
        40 Undead
        41 {Undead Unarmed Combat}
        42 Underdark
        43 Vampire
        44 Weapon
        45 Werebeast
        46 {White Wizard}
    } {
        lappend cardAttributes(list) $attr
        set cardAttributes(ID,$attr) $id
        set cardAttributes(attr,$id) $attr
    }
}
