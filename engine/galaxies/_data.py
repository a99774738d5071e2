"""The printed base game: dice faces, the empire track, the 40 planets and 12 secret missions.

Facts from the fact sheet (tiny-epic-galaxies-beyond-the-black.facts.md, sections 2-7);
ability texts are our own words. Ids are positions in the tuples (planet id = number - 1).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class DieFace(enum.Enum):
    """The six faces of a Tiny Epic Galaxies die."""

    __hash__ = object.__hash__  # singletons: identity hashing is cheaper in hot loops

    MOVE = 0
    ENERGY = 1
    CULTURE = 2
    DIPLOMACY = 3
    ECONOMY = 4
    UTILIZE = 5


FACES: tuple[DieFace, ...] = tuple(DieFace)


class Resource(enum.Enum):
    """Energy or culture."""

    __hash__ = object.__hash__

    ENERGY = 0
    CULTURE = 1


class Track(enum.Enum):
    """The kind of a planet's colony track."""

    __hash__ = object.__hash__

    DIPLOMACY = 0
    ECONOMY = 1


RESOURCE_CAP = 7
VICTORY_POINTS = 21
DICE_COUNT = 7
FACE_NAMES = ("Move", "Energy", "Culture", "Diplomacy", "Economy", "Utilize")


@dataclass(frozen=True, slots=True)
class EmpireLevel:
    """One level of the empire track on a galaxy mat."""

    level: int
    dice: int
    ships: int
    vp: int
    cost: int  # energy or culture to reach this level from the one below (0 for level 1)


EMPIRE: tuple[EmpireLevel, ...] = (
    EmpireLevel(1, 4, 2, 0, 0),
    EmpireLevel(2, 5, 2, 1, 2),
    EmpireLevel(3, 5, 3, 2, 3),
    EmpireLevel(4, 6, 3, 3, 4),
    EmpireLevel(5, 6, 4, 5, 5),
    EmpireLevel(6, 7, 4, 8, 6),
)
MAX_LEVEL = 6

# Advances needed to colonise, by the planet's VP tier (fact sheet section 7).
ADVANCES_BY_VP = {1: 2, 2: 3, 3: 4, 5: 5, 7: 6}


@dataclass(frozen=True, slots=True)
class Planet:
    """One planet card."""

    id: int
    name: str
    resource: Resource
    track: Track
    vp: int
    advances: int  # orbit position at which a ship colonises (start space is 0)
    ability: str  # a stable key of the ability, used by the engine and bots
    text: str


E, C = Resource.ENERGY, Resource.CULTURE
DIP, ECO = Track.DIPLOMACY, Track.ECONOMY

_PLANETS = (
    ("Jakks", C, DIP, 1, "gain_culture", "Gain 1 culture."),
    ("Vici-KS156", E, ECO, 1, "gain_energy", "Gain 1 energy."),
    ("Drewkaiden", C, ECO, 1, "advance_diplomacy", "Advance one of your ships +1 on a diplomacy "
     "track."),
    ("Leandra", E, DIP, 1, "advance_economy", "Advance one of your ships +1 on an economy track."),
    ("Birkomius", C, DIP, 1, "follow_culture", "This turn, gain 1 culture each time another "
     "player follows you (your turn only)."),
    ("Bisschop", E, ECO, 1, "follow_energy", "This turn, gain 1 energy each time another player "
     "follows you (your turn only)."),
    ("Tifnod", C, ECO, 1, "regress_diplomacy", "Move one opponent's ship -1 on a diplomacy "
     "track."),
    ("Vizcarra", E, DIP, 1, "regress_economy", "Move one opponent's ship -1 on an economy "
     "track."),
    ("MJ-120210", E, DIP, 2, "gain_2_energy", "Gain 2 energy."),
    ("Helios", C, DIP, 2, "bury_planet", "Put an unoccupied planet of the row on the bottom of "
     "the deck and refill the row."),
    ("Mared", E, ECO, 2, "underdog_upgrade", "If your empire level is the lowest (or tied), "
     "upgrade it for 1 less."),
    ("Lureena", C, ECO, 2, "mixed_upgrade", "Upgrade your empire paying any mix of energy and "
     "culture."),
    ("Zalax", C, DIP, 2, "reroll", "Reroll any number of your inactive dice (your turn only)."),
    ("Hoefker", C, ECO, 2, "energy_to_2_culture", "Pay 1 energy to gain 2 culture."),
    ("CLJ-0517", E, ECO, 2, "steal_culture", "Take 1 culture from an opponent (once per turn)."),
    ("La-Torres", C, DIP, 2, "steal_energy", "Take 1 energy from an opponent (once per turn)."),
    ("Pembertonia-Major", E, ECO, 3, "culture_to_energy", "Convert any amount of culture to "
     "energy, 1 for 1."),
    ("Omicron-Fenzi", C, DIP, 3, "energy_to_culture", "Convert any amount of energy to culture, "
     "1 for 1."),
    ("Nagato", E, ECO, 3, "double_move", "Pay 1 culture: move ships twice, not the same ship "
     "twice (once per turn)."),
    ("Padraigin-3110", C, ECO, 3, "advance_2_diplomacy", "Pay 2 culture: advance one of your "
     "ships +2 on a diplomacy track."),
    ("Jorg", C, DIP, 3, "regress_2", "Pay 2 culture: move one opponent's ship -2."),
    ("Nakagawakozi", E, DIP, 3, "advance_2_economy", "Pay 2 energy: advance one of your ships +2 "
     "on an economy track."),
    ("Brumbaugh", E, DIP, 3, "regress_two_ships", "Pay 2 energy: move two opponent ships -1 "
     "each."),
    ("Umbra-Forum", C, ECO, 3, "borrow_row", "Use the ability of a planet in the row."),
    ("JAC-110912", C, ECO, 5, "culture_for_all", "Gain 2 culture; every other player gains 1 "
     "culture."),
    ("Gleam-Zanier", E, DIP, 5, "energy_for_all", "Gain 2 energy; every other player gains 1 "
     "energy."),
    ("Maia", C, DIP, 5, "dice_for_resources", "Discard 2 of your inactive dice: gain 2 energy "
     "and 2 culture (your turn only)."),
    ("Andellouxian-6", C, ECO, 5, "cash_in_orbit", "Bring one of your orbiting ships home; gain "
     "energy and/or culture totalling its orbit position."),
    ("Walsfeo", E, ECO, 5, "borrow_colony_culture", "Pay another player 1 culture to use one of "
     "their colonies' abilities."),
    ("Sargus-36", C, DIP, 5, "borrow_colony_energy", "Pay another player 1 energy to use one of "
     "their colonies' abilities."),
    ("Zavodnick", E, ECO, 5, "free_action", "Take any one die action; all others may follow it "
     "for free (once per turn)."),
    ("BSW-10-1", E, DIP, 5, "shift_progress", "Move one of your ships -1, then another of your "
     "ships +1."),
    ("Aughmoore", E, DIP, 7, "culture_per_home_ship", "Gain 1 culture per ship in your galaxy."),
    ("Shouhua", E, DIP, 7, "advance_any", "Advance one of your ships +1 on any track."),
    ("Nibiru", C, DIP, 7, "costly_follow", "For the rest of your turn, following you costs 2 "
     "culture (your turn only)."),
    ("Gort", E, ECO, 7, "jump_orbit", "Move one of your orbiting ships to the same position on "
     "another planet's track (this may colonise it)."),
    ("Terra-Bettia", E, DIP, 7, "advance_for_all", "Every other player advances a ship +1, then "
     "you advance one of yours +2."),
    ("K-Widow", C, ECO, 7, "regress_any", "Move one opponent's ship -1."),
    ("Piedes", E, ECO, 7, "repeat_action", "Repeat the action of a die you activated this turn "
     "(your turn only; not Utilize a Colony)."),
    ("Gyore", C, ECO, 7, "set_die", "Set one of your inactive dice to any face (your turn "
     "only)."),
)

PLANETS: tuple[Planet, ...] = tuple(
    Planet(i, name, res, track, vp, ADVANCES_BY_VP[vp], ability, text)
    for i, (name, res, track, vp, ability, text) in enumerate(_PLANETS)
)
PLANET_BY_NAME = {p.name: p.id for p in PLANETS}


def row_size(num_players: int) -> int:
    """Face-up planets in the centre row: players + 2, but 6 with 5 players."""
    return min(num_players + 2, 6)


@dataclass(frozen=True, slots=True)
class Mission:
    """One secret mission, scored at the end of the game."""

    id: int
    name: str
    vp: int
    tied_vp: int  # for "most"/"fewest" missions: VP when tied for it (0: not a ranking mission)
    text: str


MISSIONS: tuple[Mission, ...] = (
    Mission(0, "Charger", 3, 2, "Most energy (tied: 2 VP)."),
    Mission(1, "Seeker", 3, 2, "Most culture (tied: 2 VP)."),
    Mission(2, "Conqueror", 3, 2, "Most colonized planets (tied: 2 VP)."),
    Mission(3, "Hermit", 3, 2, "Fewest colonized planets (tied: 2 VP)."),
    Mission(4, "Noble", 3, 2, "Most diplomacy planets (tied: 2 VP)."),
    Mission(5, "Trader", 3, 2, "Most economy planets (tied: 2 VP)."),
    Mission(6, "Equalizer", 3, 0, "As many economy planets as diplomacy planets."),
    Mission(7, "Elder", 2, 0, "You triggered the end of the game."),
    Mission(8, "Hoarder", 2, 0, "At least 3 energy and at least 3 culture."),
    Mission(9, "Industrialist", 2, 0, "Your empire is at level 6."),
    Mission(10, "Orbiter", 2, 0, "All your ships in play are in your galaxy."),
    Mission(11, "Explorer", 2, 0, "None of your ships in play is in your galaxy."),
)
MISSION_BY_NAME = {m.name: m.id for m in MISSIONS}
