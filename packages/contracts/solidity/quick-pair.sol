// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./erc20-base.sol";

interface IERC20Balance {
    function balanceOf(address owner) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
}

/// Uniswap-V2-style pair (QuickSwap is a V2 fork) trimmed to what Tidewatch reads and what the
/// test world needs to seed liquidity: the LP token, reserves, mint, burn and sync. No swaps.
contract QuickPair is ERC20Base {
    string public constant name = "Uniswap V2";
    string public constant symbol = "UNI-V2";
    uint256 public constant MINIMUM_LIQUIDITY = 1000;

    address public factory;
    address public token0;
    address public token1;

    uint112 private reserve0;
    uint112 private reserve1;
    uint32 private blockTimestampLast;

    event Mint(address indexed sender, uint256 amount0, uint256 amount1);
    event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to);
    event Sync(uint112 reserve0, uint112 reserve1);

    constructor() ERC20Base(18) {
        factory = msg.sender;
    }

    function initialize(address token0_, address token1_) external {
        require(msg.sender == factory, "QuickPair: FORBIDDEN");
        token0 = token0_;
        token1 = token1_;
    }

    function getReserves() public view returns (uint112 _reserve0, uint112 _reserve1, uint32 _blockTimestampLast) {
        return (reserve0, reserve1, blockTimestampLast);
    }

    /// Mints LP for whatever was transferred in since the last update, like UniswapV2Pair.mint.
    function mint(address to) external returns (uint256 liquidity) {
        (uint112 r0, uint112 r1,) = getReserves();
        uint256 balance0 = IERC20Balance(token0).balanceOf(address(this));
        uint256 balance1 = IERC20Balance(token1).balanceOf(address(this));
        uint256 amount0 = balance0 - r0;
        uint256 amount1 = balance1 - r1;
        if (totalSupply == 0) {
            liquidity = sqrt(amount0 * amount1) - MINIMUM_LIQUIDITY;
            // Locked forever so totalSupply never returns to zero, as in Uniswap V2.
            _mint(address(0), MINIMUM_LIQUIDITY);
        } else {
            liquidity = min((amount0 * totalSupply) / r0, (amount1 * totalSupply) / r1);
        }
        require(liquidity > 0, "QuickPair: INSUFFICIENT_LIQUIDITY_MINTED");
        _mint(to, liquidity);
        _update(balance0, balance1);
        emit Mint(msg.sender, amount0, amount1);
    }

    function burn(address to) external returns (uint256 amount0, uint256 amount1) {
        uint256 balance0 = IERC20Balance(token0).balanceOf(address(this));
        uint256 balance1 = IERC20Balance(token1).balanceOf(address(this));
        uint256 liquidity = balanceOf[address(this)];
        amount0 = (liquidity * balance0) / totalSupply;
        amount1 = (liquidity * balance1) / totalSupply;
        require(amount0 > 0 && amount1 > 0, "QuickPair: INSUFFICIENT_LIQUIDITY_BURNED");
        _burn(address(this), liquidity);
        IERC20Balance(token0).transfer(to, amount0);
        IERC20Balance(token1).transfer(to, amount1);
        _update(IERC20Balance(token0).balanceOf(address(this)), IERC20Balance(token1).balanceOf(address(this)));
        emit Burn(msg.sender, amount0, amount1, to);
    }

    function sync() external {
        _update(IERC20Balance(token0).balanceOf(address(this)), IERC20Balance(token1).balanceOf(address(this)));
    }

    function _update(uint256 balance0, uint256 balance1) private {
        require(balance0 <= type(uint112).max && balance1 <= type(uint112).max, "QuickPair: OVERFLOW");
        reserve0 = uint112(balance0);
        reserve1 = uint112(balance1);
        blockTimestampLast = uint32(block.timestamp % 2 ** 32);
        emit Sync(reserve0, reserve1);
    }

    function min(uint256 x, uint256 y) private pure returns (uint256) {
        return x < y ? x : y;
    }

    function sqrt(uint256 y) private pure returns (uint256 z) {
        if (y > 3) {
            z = y;
            uint256 x = y / 2 + 1;
            while (x < z) {
                z = x;
                x = (y / x + x) / 2;
            }
        } else if (y != 0) {
            z = 1;
        }
    }
}

/// Uniswap-V2-style factory: one pair per unordered token couple, tokens sorted by address.
contract QuickFactory {
    mapping(address => mapping(address => address)) public getPair;
    address[] public allPairs;

    event PairCreated(address indexed token0, address indexed token1, address pair, uint256);

    function allPairsLength() external view returns (uint256) {
        return allPairs.length;
    }

    function createPair(address tokenA, address tokenB) external returns (address pair) {
        require(tokenA != tokenB, "QuickFactory: IDENTICAL_ADDRESSES");
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        require(token0 != address(0), "QuickFactory: ZERO_ADDRESS");
        require(getPair[token0][token1] == address(0), "QuickFactory: PAIR_EXISTS");
        QuickPair created = new QuickPair();
        created.initialize(token0, token1);
        pair = address(created);
        getPair[token0][token1] = pair;
        getPair[token1][token0] = pair;
        allPairs.push(pair);
        emit PairCreated(token0, token1, pair, allPairs.length);
    }
}
