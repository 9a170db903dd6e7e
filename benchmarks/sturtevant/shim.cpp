// sturtevant-shim: Nathan Sturtevant's Hearts player answering one position at a time.
//
// Our own code (reversis' benchmarks), compiled together with his sources (github nathansttt/hearts,
// GPL-3.0), which are never copied here: benchmarks/sturtevant.py builds it outside the repository,
//     g++ -std=c++11 -O2 -pthread -I SRC shim.cpp SRC/*.cpp (but SRC/main.cpp) -o sturtevant-shim
// and plays it against the library's bots. The player is the one of his main.cpp's GetPlayer(0), his
// strongest common setting: SafeSimpleHeartsPlayer, opponent model level 2, perfect-information Monte
// Carlo over W worlds (iiMonteCarlo, threads on as in his main.cpp) with UCT at the back, N/W
// simulations a world, C = 0.4, HeartsPlayout with epsilon 0.1. Defaults N = 30000, W = 30.
//
// Command line: sturtevant-shim [--sims N] [--worlds W] [--seed S] [--epsilon E] [--c C]
//                               [--threads 0|1]
// His rules here (Hearts without passing, as the library's profile `hearts` with
// pass_cards = false): kQueenPenalty (QS 13, each heart 1, 26 in all, the moon on: the shooter 0,
// the others 26), kLead2Clubs (2C leads the first trick), kNoHeartsFirstTrick and
// kNoQueenFirstTrick (no heart nor QS discarded on the first trick), kMustBreakHearts and
// kQueenBreaksHearts (no heart led until a heart or the QS has been played, unless the leader holds
// only hearts); no kDoPassCards (no pass), no kJackBonus, no kNoTrickBonus.
//
// Protocol: one request a line on standard input, one answer a line on standard output (his own
// printing goes to standard error). Seats 0-3 are in playing order (seat s + 1 plays after seat s),
// the library's seats and his player numbers alike. Cards are written as the library writes them:
// rank 2-10, J, Q, K, A (T for 10 accepted) and suit C, D, H, S: 2C, 10H, QS.
//
//   hello
//     -> ok sturtevant-shim 1 sims=N worlds=W epsilon=E c=C threads=T seed=S
//   move seat=S hand=C,C,... tricks=L:C,C,C,C;L:C,C broken=0|1 points=P,P,P,P
//     -> ok card=C ms=F cpu=F legal=C,C,...
//   quit
//     -> (the shim exits)
//   anything else, or a position that does not hold together
//     -> error WHY   (the shim goes on reading)
//
// `move` asks for the decision of seat S, holding `hand`, after the tricks played so far: each
// trick its leader L, a colon and its cards in playing order, tricks separated by ';' (the last
// one may be incomplete, or empty: `L:`), `-` before the first lead (S then holds 2C). `broken` is
// whether hearts are broken, as they stand for a lead: a heart or the QS in a completed trick (the
// library's hand.hearts.broken, which changes when the trick is complete), and `points` the points
// each seat has taken in the completed tricks, as the library sees them. The shim rebuilds the
// position in his engine from the seat's own cards and the cards played (the other seats hold no
// unseen card: his player deals the worlds from what the seat knows, never from the game's hidden
// cards) and refuses it (error) when his engine disagrees on a trick's leader, the seat to move,
// broken hearts or the points. The answer
// is the card his player chose, the milliseconds its search took (one call of Player::Play; his
// program searches forced moves too, as his own game loop does): `ms` by the wall clock, `cpu` in
// the process's CPU time (his worlds run one after the other, threads or not: his iiMonteCarlo
// runs one thread at a time off macOS), which a machine shared with other work does not inflate,
// and the legal moves of his engine (getAllMoves) for the caller to compare with its own rules.
//
// Determinism: his UCT and Monte Carlo seed themselves from the clock; the shim seeds them from
// --seed instead, and each request's game from the seed and the request's number, so the same
// requests in the same order give the same answers.

#include <time.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "Hearts.h"
#include "Player.h"
#include "iiMonteCarlo.h"

using namespace hearts;

namespace {

const int kShimVersion = 1;
const int kPlayers = 4;
const int kTricks = 13;
const int kRules = kQueenPenalty | kLead2Clubs | kNoHeartsFirstTrick | kNoQueenFirstTrick |
                   kMustBreakHearts | kQueenBreaksHearts;

struct Options {
    int sims = 30000;
    int worlds = 30;
    unsigned seed = 1;
    double epsilon = 0.1;
    double c = 0.4;
    bool threads = true;
};

// UCT and iiMonteCarlo with their random streams seeded by us rather than by time(0).
class SeededUCT : public UCT {
public:
    SeededUCT(int runs, double c, unsigned seed) : UCT(runs, c) {
        UCT::rand.srand(seed);
        Algorithm::rand.srand(seed ^ 0x9e3779b9u);
    }
};

class SeededMonteCarlo : public iiMonteCarlo {
public:
    SeededMonteCarlo(Algorithm *inner, int worlds, unsigned seed) : iiMonteCarlo(inner, worlds) {
        rand.srand(seed);
    }
};

// His game state, able to give back the players it holds before it is deleted (GameState's
// destructor deletes them; ours lives on from request to request, as a player does in his games).
class ShimState : public HeartsGameState {
public:
    explicit ShimState(int seed) : HeartsGameState(seed) {}
    void releasePlayers(Player *keep) {
        for (unsigned x = 0; x < MAXPLAYERS; x++) {
            if (men[x] != keep) delete men[x];
            men[x] = 0;
        }
    }
};

struct Refused : std::runtime_error {
    explicit Refused(const std::string &why) : std::runtime_error(why) {}
};

// The CPU time of the process (all its threads), in milliseconds.
double cpuMillis() {
    timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

std::string cardText(card c) {
    static const char *suits = "SDCH";
    static const char *ranks[] = {"A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"};
    return std::string(ranks[Deck::getrank(c)]) + suits[Deck::getsuit(c)];
}

card parseCard(const std::string &text) {
    if (text.size() < 2 || text.size() > 3) throw Refused("bad card '" + text + "'");
    std::string rank = text.substr(0, text.size() - 1);
    char suitChar = text.back();
    int suit = suitChar == 'S' ? SPADES : suitChar == 'D' ? DIAMONDS
             : suitChar == 'C' ? CLUBS : suitChar == 'H' ? HEARTS : -1;
    static const char *ranks[] = {"A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"};
    int r = -1;
    for (int x = 0; x < 13; x++)
        if (rank == ranks[x]) r = x;
    if (rank == "T") r = TEN;
    if (suit < 0 || r < 0) throw Refused("bad card '" + text + "'");
    return Deck::getcard(suit, r);
}

std::vector<std::string> split(const std::string &text, char sep) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, sep)) parts.push_back(part);
    if (!text.empty() && text.back() == sep) parts.push_back("");
    return parts;
}

int parseInt(const std::string &text, const std::string &what) {
    char *end = 0;
    long value = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || value < -1000000 || value > 1000000)
        throw Refused("bad " + what + " '" + text + "'");
    return (int)value;
}

std::vector<card> parseCards(const std::string &text) {
    std::vector<card> cards;
    if (text.empty() || text == "-") return cards;
    for (const std::string &part : split(text, ',')) cards.push_back(parseCard(part));
    return cards;
}

struct Trick13 {
    int leader;
    std::vector<card> cards;
};

struct Request {
    int seat = -1;
    std::vector<card> hand;
    std::vector<Trick13> tricks;
    int broken = -1;
    std::vector<int> points;
};

Request parseRequest(std::istringstream &words) {
    Request r;
    bool seenHand = false, seenTricks = false;
    std::string word;
    while (words >> word) {
        size_t eq = word.find('=');
        if (eq == std::string::npos) throw Refused("expected key=value, got '" + word + "'");
        std::string key = word.substr(0, eq), value = word.substr(eq + 1);
        if (key == "seat") {
            r.seat = parseInt(value, "seat");
        } else if (key == "hand") {
            r.hand = parseCards(value);
            seenHand = true;
        } else if (key == "tricks") {
            seenTricks = true;
            if (value == "-") continue;
            for (const std::string &trick : split(value, ';')) {
                size_t colon = trick.find(':');
                if (colon == std::string::npos) throw Refused("a trick is L:cards, got '" + trick + "'");
                Trick13 t;
                t.leader = parseInt(trick.substr(0, colon), "leader");
                t.cards = parseCards(trick.substr(colon + 1));
                r.tricks.push_back(t);
            }
        } else if (key == "broken") {
            r.broken = parseInt(value, "broken");
        } else if (key == "points") {
            for (const std::string &p : split(value, ',')) r.points.push_back(parseInt(p, "points"));
        } else {
            throw Refused("unknown key '" + key + "'");
        }
    }
    if (r.seat < 0 || r.seat >= kPlayers) throw Refused("seat must be 0-3");
    if (!seenHand || r.hand.empty()) throw Refused("hand= is missing or empty");
    if (!seenTricks) throw Refused("tricks= is missing");
    if (r.broken != 0 && r.broken != 1) throw Refused("broken must be 0 or 1");
    if ((int)r.points.size() != kPlayers) throw Refused("points must give four numbers");
    if ((int)r.tricks.size() > kTricks) throw Refused("more than 13 tricks");
    for (size_t x = 0; x < r.tricks.size(); x++) {
        const Trick13 &t = r.tricks[x];
        if (t.leader < 0 || t.leader >= kPlayers) throw Refused("a trick's leader must be 0-3");
        if ((int)t.cards.size() > kPlayers || (x + 1 < r.tricks.size() && t.cards.size() != 4))
            throw Refused("every trick but the last has four cards");
    }
    return r;
}

class Shim {
public:
    explicit Shim(const Options &o) : options(o), requests(0) {
        int perWorld = o.sims / o.worlds;
        if (perWorld < 1) perWorld = 1;
        uct = new SeededUCT(perWorld, o.c, o.seed);
        playout = new HeartsPlayout();
        uct->setPlayoutModule(playout);
        uct->setEpsilonPlayout(o.epsilon);
        monteCarlo = new SeededMonteCarlo(uct, o.worlds, o.seed + 1);
        monteCarlo->setUseThreads(o.threads);
        player = new SafeSimpleHeartsPlayer(monteCarlo);
        player->setModelLevel(2);
    }

    std::string hello() const {
        std::ostringstream out;
        out << "ok sturtevant-shim " << kShimVersion << " sims=" << options.sims
            << " worlds=" << options.worlds << " epsilon=" << options.epsilon << " c=" << options.c
            << " threads=" << (options.threads ? 1 : 0) << " seed=" << options.seed;
        return out.str();
    }

    std::string move(const Request &r) {
        requests++;
        ShimState *g = new ShimState((int)((options.seed * 7919u + requests * 104729u) & 0x7fffffff));
        try {
            std::string answer = decide(g, r);
            g->releasePlayers(player);
            delete g;
            return answer;
        } catch (...) {
            g->releasePlayers(player);
            delete g;
            throw;
        }
    }

private:
    std::string decide(ShimState *g, const Request &r) {
        for (int x = 0; x < kPlayers; x++) g->addPlayer(x == r.seat ? (Player *)player : new Player(0));
        g->setRules(kRules);
        g->Reset();  // allocates the tricks for four players (and deals cards we clear now)
        g->allplayed.reset();
        for (int x = 0; x < kPlayers; x++) {
            g->cards[x].reset();
            g->original[x].reset();
            g->taken[x].reset();
            g->played[x].reset();
        }
        g->setPassDir(kHold);

        // Each seat holds the cards it has played (and the seat to move its own hand too).
        Deck seen;
        auto hold = [&](int who, card c) {
            if (seen.has(c)) throw Refused("card " + cardText(c) + " given twice");
            seen.set(c);
            g->TakeCard(who, c);
        };
        for (card c : r.hand) hold(r.seat, c);
        std::vector<int> played(kPlayers, 0);
        for (const Trick13 &t : r.tricks)
            for (size_t y = 0; y < t.cards.size(); y++) {
                int who = (t.leader + (int)y) % kPlayers;
                hold(who, t.cards[y]);
                played[who]++;
            }
        if ((int)r.hand.size() + played[r.seat] != kTricks)
            throw Refused("the seat's hand and its plays are not 13 cards");

        g->currTrick = 0;
        g->firstPlayer = g->currPlr = r.tricks.empty() ? r.seat : r.tricks[0].leader;
        if (r.tricks.empty() && !g->cards[r.seat].has(CLUBS, TWO))
            throw Refused("before the first lead, the seat to move must hold 2C");
        bool broken = false;
        for (size_t x = 0; x < r.tricks.size(); x++) {
            const Trick13 &t = r.tricks[x];
            if (t.leader != g->currPlr)
                throw Refused("trick " + std::to_string(x + 1) + " is led by " +
                              std::to_string(t.leader) + "; his engine says " +
                              std::to_string(g->currPlr));
            for (card c : t.cards) {
                if (t.cards.size() == 4 && (Deck::getsuit(c) == HEARTS || c == Deck::getcard(SPADES, QUEEN)))
                    broken = true;
                CardMove m(c, g->currPlr);
                g->ApplyMove(&m);
            }
        }
        if (g->Done()) throw Refused("the hand is over");
        if (g->currPlr != r.seat)
            throw Refused("his engine has seat " + std::to_string(g->currPlr) + " to move, not " +
                          std::to_string(r.seat));
        const Trick *current = g->getCurrTrick();
        if (current->curr == 0) {  // a lead: his legal moves read broken hearts from allplayed
            bool his = g->allplayed.getSuit(HEARTS) || g->allplayed.has(SPADES, QUEEN);
            if (his != broken) throw Refused("his engine and the cards played disagree on broken hearts");
        }
        if (broken != (r.broken == 1))
            throw Refused(std::string("hearts are ") + (broken ? "" : "not ") +
                          "broken by the completed tricks, the request says otherwise");
        std::vector<int> points(kPlayers, 0);
        for (int x = 0; x < g->currTrick; x++) points[g->t[x].Winner()] += g->score(&g->t[x]);
        if (points != r.points) {
            std::ostringstream why;
            why << "his engine counts the points " << points[0] << "," << points[1] << ","
                << points[2] << "," << points[3];
            throw Refused(why.str());
        }

        std::ostringstream legal;
        Move *all = g->getAllMoves();
        int count = 0;
        for (Move *m = all; m; m = m->next) {
            legal << (count++ ? "," : "") << cardText(((CardMove *)m)->c);
        }
        g->freeMove(all);
        if (count == 0) throw Refused("his engine has no legal move here");

        double cpuStart = cpuMillis();
        auto start = std::chrono::steady_clock::now();
        Move *chosen = player->Play();
        auto stop = std::chrono::steady_clock::now();
        double cpu = cpuMillis() - cpuStart;
        if (chosen == 0) throw Refused("his player returned no move");
        card c = ((CardMove *)chosen)->c;
        g->freeMove(chosen);
        double ms = std::chrono::duration<double, std::milli>(stop - start).count();
        char timing[64];
        std::snprintf(timing, sizeof timing, " ms=%.3f cpu=%.3f", ms, cpu);
        return "ok card=" + cardText(c) + timing + " legal=" + legal.str();
    }

    Options options;
    unsigned requests;
    SeededUCT *uct;
    HeartsPlayout *playout;
    SeededMonteCarlo *monteCarlo;
    SafeSimpleHeartsPlayer *player;
};

Options parseOptions(int argc, char **argv) {
    Options o;
    for (int x = 1; x < argc; x++) {
        std::string flag = argv[x];
        if (x + 1 >= argc) throw Refused("option " + flag + " needs a value");
        std::string value = argv[++x];
        if (flag == "--sims") o.sims = parseInt(value, "--sims");
        else if (flag == "--worlds") o.worlds = parseInt(value, "--worlds");
        else if (flag == "--seed") o.seed = (unsigned)parseInt(value, "--seed");
        else if (flag == "--epsilon") o.epsilon = std::atof(value.c_str());
        else if (flag == "--c") o.c = std::atof(value.c_str());
        else if (flag == "--threads") o.threads = parseInt(value, "--threads") != 0;
        else throw Refused("unknown option " + flag);
    }
    if (o.sims < 1 || o.worlds < 1 || o.worlds > 1000) throw Refused("--sims and --worlds must be positive");
    return o;
}

}  // namespace

int main(int argc, char **argv) {
    // The protocol gets the real standard output; his printf's go to standard error.
    int protocolFd = dup(STDOUT_FILENO);
    FILE *protocol = protocolFd >= 0 ? fdopen(protocolFd, "w") : 0;
    if (protocol == 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        std::perror("sturtevant-shim: cannot set up standard output");
        return 2;
    }
    Options options;
    try {
        options = parseOptions(argc, argv);
    } catch (const Refused &e) {
        std::fprintf(stderr, "sturtevant-shim: %s\n", e.what());
        return 2;
    }
    Shim shim(options);
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream words(line);
        std::string command;
        words >> command;
        std::string answer;
        try {
            if (command == "hello") answer = shim.hello();
            else if (command == "quit") break;
            else if (command == "move") answer = shim.move(parseRequest(words));
            else throw Refused("unknown command '" + command + "'");
        } catch (const Refused &e) {
            answer = std::string("error ") + e.what();
        }
        std::fputs((answer + "\n").c_str(), protocol);
        std::fflush(protocol);
    }
    return 0;
}
